"use strict";var __defProp=Object.defineProperty;var __getOwnPropDesc=Object.getOwnPropertyDescriptor;var __getOwnPropNames=Object.getOwnPropertyNames;var __hasOwnProp=Object.prototype.hasOwnProperty;var __export=(target2,all)=>{for(var name in all)__defProp(target2,name,{get:all[name],enumerable:!0})},__copyProps=(to,from,except,desc)=>{if(from&&typeof from=="object"||typeof from=="function")for(let key of __getOwnPropNames(from))!__hasOwnProp.call(to,key)&&key!==except&&__defProp(to,key,{get:()=>from[key],enumerable:!(desc=__getOwnPropDesc(from,key))||desc.enumerable});return to};var __toCommonJS=mod=>__copyProps(__defProp({},"__esModule",{value:!0}),mod);var command_project_exports={};__export(command_project_exports,{commandProjectDir:()=>commandProjectDir,sessionProject:()=>sessionProject});module.exports=__toCommonJS(command_project_exports);var import_node_fs5=require("node:fs");var import_node_path2=require("node:path");var KEEP_MEMORY_UP_TO=4*1024*1024;var import_node_fs=require("node:fs"),import_node_path=require("node:path");function insideClaudeCode(env){return!!(env.CLAUDECODE||env.CLAUDE_CODE_SESSION_ID)}function trustedCairnHome(root,env,uid=process.getuid?.()){if(uid===void 0)return!1;try{let st=(0,import_node_fs.lstatSync)(root);if(!st.isDirectory()||st.uid!==uid||(st.mode&63)!==0||inWorkTree(root))return!1;for(let dir=(0,import_node_path.dirname)(root);;dir=(0,import_node_path.dirname)(dir)){let up=(0,import_node_fs.lstatSync)(dir);if(up.uid!==uid&&up.uid!==0||(up.mode&2)!==0&&(up.mode&512)===0)return!1;if((0,import_node_path.dirname)(dir)===dir)break}}catch{return!1}let project=env.CLAUDE_PROJECT_DIR;return!project||!within(root,(0,import_node_path.resolve)(project))}function inWorkTree(dir){for(let d=dir;;d=(0,import_node_path.dirname)(d)){if((0,import_node_fs.existsSync)((0,import_node_path.join)(d,".git")))return!0;if((0,import_node_path.dirname)(d)===d)return!1}}function within(path,dir){return path===dir||path.startsWith(dir.endsWith(import_node_path.sep)?dir:`${dir}${import_node_path.sep}`)}function cairnHome(env=process.env){let chosen=env.CAIRN_HOME;if(chosen&&(0,import_node_path2.isAbsolute)(chosen)){let root=(0,import_node_path2.resolve)(chosen);if(!insideClaudeCode(env)||trustedCairnHome(root,env))return root}return(0,import_node_path2.join)(homeDir(env),".cairn")}function homeDir(env=process.env){if(env.HOME&&(0,import_node_path2.isAbsolute)(env.HOME))return(0,import_node_path2.resolve)(env.HOME);let os=process.getBuiltinModule("node:os");return(0,import_node_path2.resolve)(os.userInfo().homedir||os.homedir())}function cairnPaths(root=cairnHome()){let logs=(0,import_node_path2.join)(root,"logs");return{root,db:(0,import_node_path2.join)(root,"cairn.db"),config:(0,import_node_path2.join)(root,"config.yaml"),logs,log:(0,import_node_path2.join)(logs,"cairn.log"),offSwitch:(0,import_node_path2.join)(root,"off"),lastError:(0,import_node_path2.join)(root,"last-error.json"),sessions:(0,import_node_path2.join)(root,"sessions"),projects:(0,import_node_path2.join)(root,"projects"),snapshots:(0,import_node_path2.join)(root,"snapshots"),install:(0,import_node_path2.join)(root,"install"),cache:(0,import_node_path2.join)(root,"cache")}}var MAX_PATH=4096;function isUsableDir(dir){return dir.length>0&&dir.length<=MAX_PATH&&!dir.includes("\0")&&(0,import_node_path2.isAbsolute)(dir)}var import_node_fs2=require("node:fs"),import_node_path3=require("node:path");function projectOf(s){return s.named&&isUsableDir(s.named)?(0,import_node_path3.resolve)(s.named):"session"in s?sessionDir(s.session.cwd,s.session.transcriptPath):walkUp(s.cwd,s.home)}function sessionDir(cwd,transcriptPath){let start=(0,import_node_path3.resolve)(cwd);if(!transcriptPath)return start;let key=(0,import_node_path3.basename)((0,import_node_path3.dirname)(transcriptPath));for(let dir=start;;dir=(0,import_node_path3.dirname)(dir)){if(keysTo(dir,key))return dir;if((0,import_node_path3.dirname)(dir)===dir)return start}}function claudeProjectKey(dir){let munged=dir.replace(/[^a-zA-Z0-9]/g,"-");if(munged.length<=KEY_MAX)return munged;let h=0;for(let i=0;i<dir.length;i++)h=(h<<5)-h+dir.charCodeAt(i)|0;return`${munged.slice(0,KEY_MAX)}-${Math.abs(h).toString(36)}`}var KEY_MAX=200,keysTo=(dir,key)=>claudeProjectKey(dir)===key;function walkUp(from,home){let start=(0,import_node_path3.resolve)(from),stop=(0,import_node_path3.resolve)(home);for(let dir=start;dir!==stop;dir=(0,import_node_path3.dirname)(dir)){if(isDir((0,import_node_path3.join)(dir,".cairn"))||(0,import_node_fs2.existsSync)((0,import_node_path3.join)(dir,".git")))return dir;if((0,import_node_path3.dirname)(dir)===dir)break}return start}function isDir(path){try{return(0,import_node_fs2.statSync)(path).isDirectory()}catch{return!1}}var import_node_fs4=require("node:fs"),import_node_path4=require("node:path");var spec=process.env.CAIRN_FAILPOINT||void 0,[target,nth]=spec?parseSpec(spec):["",0],g=globalThis;function failpoint(name){spec===void 0||name!==target||(g.__cairnFailpointHits=(g.__cairnFailpointHits??0)+1,g.__cairnFailpointHits>=nth&&process.kill(process.pid,"SIGKILL"))}function parseSpec(s){let at=s.lastIndexOf("@");if(at<=0)return[s,1];let n=Number(s.slice(at+1));return[s.slice(0,at),Number.isInteger(n)&&n>0?n:1]}var import_node_fs3=require("node:fs");var DIR_MODE=448,FILE_MODE=384;function ensureDir(dir){(0,import_node_fs3.mkdirSync)(dir,{recursive:!0,mode:DIR_MODE})}function tightenMode(path,mode=FILE_MODE){try{let st=(0,import_node_fs3.lstatSync)(path);if(st.isSymbolicLink()||process.getuid&&st.uid!==process.getuid())return;(st.mode&511&~mode)!==0&&(0,import_node_fs3.chmodSync)(path,st.mode&511&mode)}catch{}}var on=process.env.CAIRN_TRACE==="1",g2=globalThis;if(on&&!g2.__cairnMarks){let marks=[["node-ready",performance.now()]];g2.__cairnMarks=marks,process.on("exit",()=>{let stderr=process.stderr;marks.push(["exit",performance.now()]),stderr.write(`${JSON.stringify({trace:marks.map(([k,t])=>[k,Math.round(t*100)/100])})}
`)})}function mark(label){on&&g2.__cairnMarks?.push([label,performance.now()])}var SHOWN_ID_TABLES=["outputs","mem_items"];function migration6(db){db.exec("CREATE TABLE id_floor (tbl TEXT PRIMARY KEY, last INTEGER NOT NULL)");let mark2=db.prepare("SELECT value FROM kv WHERE scope = 'memory' AND key = 'outputs_indexed'").get(),watermark=Number(mark2?.value??0)||0,maxOf=table=>Number(db.prepare(`SELECT coalesce(max(id), 0) AS n FROM ${table}`).get().n);for(let table of SHOWN_ID_TABLES){let floor=Math.max(maxOf(table),table==="outputs"?watermark:0);db.prepare("INSERT INTO id_floor (tbl, last) VALUES (?, ?)").run(table,floor),db.exec(`CREATE TRIGGER ${table}_id_floor AFTER INSERT ON ${table} BEGIN
         UPDATE id_floor SET last = NEW.id WHERE tbl = '${table}' AND last < NEW.id;
       END`)}let indexed=Number(db.prepare("SELECT count(*) AS n FROM mem_outputs_fts_docsize").get().n),expected=Number(db.prepare("SELECT count(*) AS n FROM outputs WHERE id <= ? AND pruned_at IS NULL").get(watermark).n);(maxOf("outputs")<watermark||indexed!==expected)&&db.exec("INSERT INTO mem_outputs_fts (mem_outputs_fts) VALUES ('delete-all')")}function reconcileSchema(db,sql){let Database=db.constructor,ref=new Database(":memory:");try{for(let s of sql)ref.exec(s);let want=objects(ref),have=new Set(objects(db).map(o=>`${o.type}:${o.name}`));for(let o of want)o.type!=="table"||have.has(`table:${o.name}`)||db.exec(o.sql);for(let o of want){if(o.type!=="table"||isVirtual(o.sql))continue;let present=new Set(columns(db,o.name).map(c=>c.name));for(let c of columns(ref,o.name))present.has(c.name)||db.exec(addColumn(o.name,c))}for(let o of want)o.type==="index"&&!have.has(`index:${o.name}`)&&db.exec(o.sql)}finally{ref.close()}}function objects(db){let rows=db.prepare("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid").all(),virtual=rows.filter(r=>isVirtual(r.sql)).map(r=>r.name);return rows.filter(r=>!virtual.some(v=>r.name.startsWith(`${v}_`)&&r.name!==v))}var isVirtual=sql=>/^CREATE VIRTUAL TABLE/i.test(sql);function columns(db,table){return db.prepare(`PRAGMA table_info("${table.replaceAll('"','""')}")`).all()}function addColumn(table,c){let dflt=c.dflt_value!==null?` DEFAULT ${c.dflt_value}`:"",notNull=c.notnull&&c.dflt_value!==null?" NOT NULL":"";return`ALTER TABLE "${table}" ADD COLUMN "${c.name}" ${c.type}${dflt}${notNull}`}var CORE_SCHEMA=`
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
`,AGENT_SCHEMA_9=`
  ALTER TABLE sessions ADD COLUMN agent TEXT NOT NULL DEFAULT 'claude-code';
`;var MEMORY_SCHEMA=`
  CREATE TABLE mem_sessions (
    session_id TEXT PRIMARY KEY,
    project_dir TEXT,
    turns INTEGER NOT NULL DEFAULT 0,
    merged_into TEXT,
    resumed_from TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX mem_sessions_project ON mem_sessions(project_dir, updated_at);

  CREATE TABLE mem_sources (
    path TEXT PRIMARY KEY,
    session_id TEXT NOT NULL,
    agent_id TEXT,
    offset INTEGER NOT NULL DEFAULT 0,
    fingerprint TEXT,
    current_turn INTEGER,
    updated_at INTEGER NOT NULL
  );

  CREATE TABLE mem_items (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    session_id TEXT NOT NULL,
    origin_session TEXT NOT NULL,
    agent_id TEXT,
    turn INTEGER NOT NULL,
    layer INTEGER NOT NULL,
    kind TEXT NOT NULL,
    tool_name TEXT,
    tool_use_id TEXT,
    is_error INTEGER,
    text TEXT NOT NULL,
    at INTEGER NOT NULL,
    -- For L1 rows: which summariser wrote it ("extractive", "model:<name>").
    made_by TEXT
  );
  CREATE INDEX mem_items_turn ON mem_items(session_id, turn, id);
  CREATE INDEX mem_items_tool_use ON mem_items(tool_use_id);

  CREATE VIRTUAL TABLE mem_fts USING fts5(
    text, content='mem_items', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
  );
  CREATE VIRTUAL TABLE mem_outputs_fts USING fts5(
    original, content='outputs', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
  );
`;var RETENTION_SCHEMA=`
  ALTER TABLE outputs ADD COLUMN pruned_at INTEGER;
`,RETENTION_SCHEMA_5=`
  CREATE INDEX outputs_unpruned_sizes ON outputs(id, original_bytes, pruned_at) WHERE pruned_at IS NULL;
`;var TEAM_SCHEMA=`
  CREATE TABLE team_outbox (
    id TEXT PRIMARY KEY,
    project TEXT NOT NULL,
    kind TEXT NOT NULL,
    session_id TEXT,
    at INTEGER NOT NULL,
    record TEXT NOT NULL,
    pushed_at INTEGER
  );
  CREATE INDEX team_outbox_pending ON team_outbox(at) WHERE pushed_at IS NULL;

  CREATE TABLE team_records (
    id TEXT PRIMARY KEY,
    project TEXT NOT NULL,
    kind TEXT NOT NULL,
    machine TEXT NOT NULL,
    machine_id TEXT NOT NULL,
    user_name TEXT NOT NULL,
    session_id TEXT,
    at INTEGER NOT NULL,
    text TEXT NOT NULL,
    meta TEXT,
    pulled_at INTEGER NOT NULL
  );
  CREATE INDEX team_records_project ON team_records(project, kind, at);
`,TEAM_SCHEMA_10=`
  ALTER TABLE team_outbox ADD COLUMN dropped_at INTEGER;
  ALTER TABLE team_outbox ADD COLUMN dropped_why TEXT;
  CREATE TABLE team_forgets (
    id TEXT PRIMARY KEY,
    record_id TEXT,
    session_id TEXT,
    since INTEGER,
    until INTEGER,
    at INTEGER NOT NULL,
    pushed_at INTEGER,
    removed INTEGER
  );
  CREATE INDEX team_records_machine ON team_records(machine_id, at);
`;var WINDOW_SCHEMA=`
  CREATE TABLE ledger_files (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,
    session_id TEXT NOT NULL,
    -- '' for the session's own transcript, the agent id for a subagent's
    agent_id TEXT NOT NULL DEFAULT '',
    offset INTEGER NOT NULL DEFAULT 0,
    ino TEXT NOT NULL DEFAULT '',
    head TEXT NOT NULL DEFAULT '',
    tail TEXT NOT NULL DEFAULT '',
    -- scan state carried from one read to the next
    turn INTEGER NOT NULL DEFAULT 0,
    prompt_id TEXT,
    epoch INTEGER NOT NULL DEFAULT 0,
    -- the main chain's current context: the last response's input + cache tokens,
    -- or a compaction's post-compaction size when no response followed it yet
    model TEXT,
    context_tokens INTEGER,
    context_at INTEGER,
    max_context_tokens INTEGER NOT NULL DEFAULT 0,
    window_1m INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX ledger_files_session ON ledger_files(session_id, agent_id);

  CREATE TABLE ledger_responses (
    file_id INTEGER NOT NULL,
    session_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    message_id TEXT NOT NULL,
    model TEXT,
    input_tokens INTEGER NOT NULL,
    cache_creation_tokens INTEGER NOT NULL,
    cache_read_tokens INTEGER NOT NULL,
    output_tokens INTEGER NOT NULL,
    at INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    turn INTEGER NOT NULL,
    epoch INTEGER NOT NULL,
    PRIMARY KEY (session_id, agent_id, message_id)
  );
  CREATE INDEX ledger_responses_file ON ledger_responses(file_id);

  CREATE TABLE ledger_tools (
    file_id INTEGER NOT NULL,
    session_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    tool_use_id TEXT NOT NULL,
    name TEXT,
    message_id TEXT,
    called_at INTEGER,
    result_at INTEGER,
    -- what the model was shown: UTF-8 bytes of the tool_result content, and an
    -- estimate of its tokens (4 characters each)
    result_bytes INTEGER,
    result_tokens INTEGER,
    is_error INTEGER NOT NULL DEFAULT 0,
    turn INTEGER NOT NULL DEFAULT 0,
    epoch INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (session_id, tool_use_id)
  );
  CREATE INDEX ledger_tools_file ON ledger_tools(file_id);
  CREATE INDEX ledger_tools_epoch ON ledger_tools(session_id, agent_id, epoch, turn);

  CREATE TABLE ledger_compactions (
    file_id INTEGER NOT NULL,
    session_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    uuid TEXT NOT NULL,
    at INTEGER NOT NULL,
    trigger TEXT,
    pre_tokens INTEGER,
    post_tokens INTEGER,
    seq INTEGER NOT NULL,
    PRIMARY KEY (session_id, uuid)
  );
  CREATE INDEX ledger_compactions_file ON ledger_compactions(file_id);

  CREATE TABLE context_warnings (
    id INTEGER PRIMARY KEY,
    session_id TEXT NOT NULL,
    level TEXT NOT NULL,
    remaining_pct INTEGER NOT NULL,
    used_tokens INTEGER NOT NULL,
    window_tokens INTEGER NOT NULL,
    source TEXT NOT NULL,
    tool_use_id TEXT,
    at INTEGER NOT NULL
  );
  CREATE INDEX context_warnings_session ON context_warnings(session_id, at);
`,WINDOW_SCHEMA_4=`
  CREATE INDEX outputs_session_sizes ON outputs(session_id, original_bytes, excerpt_bytes);
`,WINDOW_SCHEMA_8=`
  CREATE TABLE call_figures (
    session_id TEXT NOT NULL,
    tool_use_id TEXT NOT NULL,
    agent_id TEXT NOT NULL DEFAULT '',
    tool_name TEXT NOT NULL,
    kind TEXT NOT NULL,
    retrieval TEXT,
    output_id INTEGER,
    counterfactual_bytes INTEGER NOT NULL,
    shown_bytes INTEGER NOT NULL,
    hidden_errors_shown INTEGER NOT NULL DEFAULT 0,
    changed INTEGER NOT NULL DEFAULT 0,
    shown TEXT,
    call_key TEXT NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (session_id, tool_use_id)
  );
  CREATE INDEX call_figures_key ON call_figures(session_id, call_key, at);
  CREATE INDEX call_figures_output ON call_figures(output_id);
  -- A session's sums read this index alone, never the shown text.
  CREATE INDEX call_figures_sums ON call_figures(session_id, kind, changed, counterfactual_bytes, shown_bytes,
    hidden_errors_shown, tool_use_id);
`;var SCHEMA_SQL=[CORE_SCHEMA,WINDOW_SCHEMA,MEMORY_SCHEMA,RETENTION_SCHEMA,WINDOW_SCHEMA_4,RETENTION_SCHEMA_5,TEAM_SCHEMA,WINDOW_SCHEMA_8,AGENT_SCHEMA_9,TEAM_SCHEMA_10],MIGRATIONS=[CORE_SCHEMA,WINDOW_SCHEMA,MEMORY_SCHEMA,db=>reconcileSchema(db,SCHEMA_SQL),db=>reconcileSchema(db,SCHEMA_SQL),migration6,db=>reconcileSchema(db,SCHEMA_SQL),db=>reconcileSchema(db,SCHEMA_SQL),db=>reconcileSchema(db,SCHEMA_SQL),db=>reconcileSchema(db,SCHEMA_SQL)],SCHEMA_VERSION=MIGRATIONS.length;var BUSY_TIMEOUT_MS=3e3,WAL_AUTOCHECKPOINT_PAGES=256,sqliteModule;function sqlite(){if(sqliteModule)return sqliteModule;let original=process.emitWarning;process.emitWarning=((warning,...rest)=>{let text=typeof warning=="string"?warning:warning.message;if(!/sqlite/i.test(text))return original.call(process,warning,...rest)});try{sqliteModule=process.getBuiltinModule("node:sqlite")}finally{process.emitWarning=original}return sqliteModule}function openStoreSync(path,opts={}){let{DatabaseSync}=sqlite();if(!opts.readOnly){ensureDir((0,import_node_path4.dirname)(path)),(0,import_node_fs4.closeSync)((0,import_node_fs4.openSync)(path,"a",FILE_MODE)),tightenMode((0,import_node_path4.dirname)(path),DIR_MODE);for(let f of[path,`${path}-wal`,`${path}-shm`])tightenMode(f)}let db=new DatabaseSync(path,{readOnly:opts.readOnly??!1,timeout:opts.busyTimeoutMs??BUSY_TIMEOUT_MS});try{if(!opts.readOnly){let version=schemaVersion(db);version===0&&db.exec("PRAGMA auto_vacuum = INCREMENTAL"),db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA journal_size_limit = 4194304; PRAGMA wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES};`),migrate(db,version)}}catch(err){throw db.close(),err}return mark("db-open"),{db,path,tx(fn){if(db.isTransaction){db.exec("SAVEPOINT tx");try{let out=fn();return db.exec("RELEASE tx"),out}catch(err){throw db.exec("ROLLBACK TO tx; RELEASE tx"),err}}beginImmediate(db);try{let out=fn();return failpoint("tx:commit"),db.exec("COMMIT"),out}catch(err){throw db.isTransaction&&db.exec("ROLLBACK"),err}},close:()=>db.close()}}var SQLITE_BUSY=5,SLEEPER=new Int32Array(new SharedArrayBuffer(4));function lockRetryMs(waitedMs){return Math.max(2,6/(1+waitedMs/50))}function beginImmediate(db){let waitMs=db.prepare("PRAGMA busy_timeout").get().timeout;if(waitMs<=0){db.exec("BEGIN IMMEDIATE");return}db.exec("PRAGMA busy_timeout = 0");try{let started=Date.now();for(;;)try{db.exec("BEGIN IMMEDIATE");return}catch(err){let waited=Date.now()-started;if(!isBusy(err)||waited>=waitMs)throw err;let step=lockRetryMs(waited)*(.5+Math.random());Atomics.wait(SLEEPER,0,0,Math.min(step,waitMs-waited))}}finally{db.exec(`PRAGMA busy_timeout = ${waitMs}`)}}function isBusy(err){let code=err?.errcode;return typeof code=="number"&&(code&255)===SQLITE_BUSY}function schemaVersion(db){return db.prepare("PRAGMA user_version").get().user_version}function migrate(db,found){let version=found;if(version>SCHEMA_VERSION)throw new Error(`database schema ${version} is newer than this cairn (${SCHEMA_VERSION}); upgrade cairn`);for(;version<SCHEMA_VERSION;){beginImmediate(db);try{let now=schemaVersion(db);if(now!==version){db.exec("COMMIT"),version=now;continue}let step=MIGRATIONS[version];typeof step=="string"?db.exec(step):step(db),db.exec(`PRAGMA user_version = ${version+1}`),db.exec("COMMIT"),version+=1}catch(err){throw db.isTransaction&&db.exec("ROLLBACK"),err}}}function commandProjectDir(env=process.env,cwd=process.cwd(),store){let named=recordedProject(env,store)??env.CLAUDE_PROJECT_DIR;return projectOf({named,cwd,home:homeDir(env)})}function recordedProject(env,given){let id=env.CLAUDE_CODE_SESSION_ID;if(!id)return;let db=cairnPaths(cairnHome(env)).db;if(!given&&!(0,import_node_fs5.existsSync)(db))return;let store=given;try{return store??=openStoreSync(db,{readOnly:!0}),sessionProject(store,id)}catch{return}finally{given||store?.close()}}function sessionProject(store,sessionId){return store.db.prepare("SELECT project_dir FROM sessions WHERE id = ?").get(sessionId)?.project_dir??void 0}0&&(module.exports={commandProjectDir,sessionProject});
