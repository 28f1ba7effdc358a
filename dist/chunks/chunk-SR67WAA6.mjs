#!/usr/bin/env node
import { createRequire as __cairnRequire } from 'node:module'; const require = __cairnRequire(import.meta.url);
import{FILE_MODE,ensureDir}from"./chunk-GLUNCRG6.mjs";var CORE_SCHEMA=`
  CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    project_dir TEXT,
    cwd TEXT,
    transcript_path TEXT,
    model TEXT,
    started_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    ended_at INTEGER,
    end_reason TEXT
  );
  CREATE INDEX sessions_project ON sessions(project_dir, last_seen_at);

  -- One row per hook event that reached a handler.
  CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    session_id TEXT NOT NULL,
    event TEXT NOT NULL,
    tool_name TEXT,
    tool_use_id TEXT,
    at INTEGER NOT NULL,
    handler_ms REAL,
    outcome TEXT NOT NULL,
    detail TEXT
  );
  CREATE INDEX events_session ON events(session_id, at);

  -- Originals of every output cairn shortened, and what it showed instead.
  CREATE TABLE outputs (
    id INTEGER PRIMARY KEY,
    session_id TEXT NOT NULL,
    tool_use_id TEXT,
    tool_name TEXT NOT NULL,
    label TEXT,
    original BLOB NOT NULL,
    original_bytes INTEGER NOT NULL,
    original_lines INTEGER NOT NULL,
    excerpt TEXT,
    excerpt_bytes INTEGER,
    compressor TEXT,
    exit_code INTEGER,
    redactions INTEGER NOT NULL DEFAULT 0,
    latency_ms REAL,
    observation TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX outputs_session ON outputs(session_id, created_at);
  CREATE INDEX outputs_tool_use ON outputs(tool_use_id);

  -- Every additionalContext cairn sent to the model: which part, how much.
  CREATE TABLE injections (
    id INTEGER PRIMARY KEY,
    session_id TEXT NOT NULL,
    event TEXT NOT NULL,
    part TEXT NOT NULL,
    chars INTEGER NOT NULL,
    tokens_est INTEGER NOT NULL,
    preview TEXT,
    at INTEGER NOT NULL
  );
  CREATE INDEX injections_session ON injections(session_id, at);

  -- Small per-session or per-project state for parts (debounce counters, flags).
  CREATE TABLE kv (
    scope TEXT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (scope, key)
  );
`;var MIGRATIONS=[CORE_SCHEMA,"",""],SCHEMA_VERSION=MIGRATIONS.length;import{closeSync,openSync}from"node:fs";import{dirname}from"node:path";var sqliteModule;async function sqlite(){if(sqliteModule)return sqliteModule;let original=process.emitWarning;process.emitWarning=((warning,...rest)=>{let text=typeof warning=="string"?warning:warning.message;if(!/sqlite/i.test(text))return original.call(process,warning,...rest)});try{sqliteModule=await import("node:sqlite")}finally{process.emitWarning=original}return sqliteModule}async function openStore(path,opts={}){let{DatabaseSync}=await sqlite();opts.readOnly||(ensureDir(dirname(path)),closeSync(openSync(path,"a",FILE_MODE)));let db=new DatabaseSync(path,{readOnly:opts.readOnly??!1,timeout:opts.busyTimeoutMs??1e3});try{opts.readOnly||(db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;"),migrate(db))}catch(err){throw db.close(),err}return{db,path,tx(fn){db.exec("BEGIN IMMEDIATE");try{let out=fn();return db.exec("COMMIT"),out}catch(err){throw db.isTransaction&&db.exec("ROLLBACK"),err}},close:()=>db.close()}}function schemaVersion(db){return db.prepare("PRAGMA user_version").get().user_version}function migrate(db){let version=schemaVersion(db);if(version>SCHEMA_VERSION)throw new Error(`database schema ${version} is newer than this cairn (${SCHEMA_VERSION}); upgrade cairn`);for(;version<SCHEMA_VERSION;){db.exec("BEGIN IMMEDIATE");try{let now=schemaVersion(db);if(now!==version){db.exec("COMMIT"),version=now;continue}db.exec(MIGRATIONS[version]),db.exec(`PRAGMA user_version = ${version+1}`),db.exec("COMMIT"),version+=1}catch(err){throw db.isTransaction&&db.exec("ROLLBACK"),err}}}export{SCHEMA_VERSION,openStore,schemaVersion};
