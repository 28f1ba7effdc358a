"use strict";var __defProp=Object.defineProperty;var __getOwnPropDesc=Object.getOwnPropertyDescriptor;var __getOwnPropNames=Object.getOwnPropertyNames;var __hasOwnProp=Object.prototype.hasOwnProperty;var __export=(target,all)=>{for(var name in all)__defProp(target,name,{get:all[name],enumerable:!0})},__copyProps=(to,from,except,desc)=>{if(from&&typeof from=="object"||typeof from=="function")for(let key of __getOwnPropNames(from))!__hasOwnProp.call(to,key)&&key!==except&&__defProp(to,key,{get:()=>from[key],enumerable:!(desc=__getOwnPropDesc(from,key))||desc.enumerable});return to};var __toCommonJS=mod=>__copyProps(__defProp({},"__esModule",{value:!0}),mod);var forget_exports={};__export(forget_exports,{forgetCovers:()=>forgetCovers,forgetLocally:()=>forgetLocally,localForgets:()=>localForgets,pullForgets:()=>pullForgets,pushForgets:()=>pushForgets});module.exports=__toCommonJS(forget_exports);function getState(store,scope,key){let row=store.db.prepare("SELECT value FROM kv WHERE scope = ? AND key = ?").get(scope,key);if(row)try{return JSON.parse(row.value)}catch{return}}function setState(store,scope,key,value,at=Date.now()){let json=JSON.stringify(value);store.tx(()=>store.db.prepare(`INSERT INTO kv (scope, key, value, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT(scope, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`).run(scope,key,json,at))}var PG_MIGRATIONS=[`CREATE TABLE cairn_team_records (
     id text PRIMARY KEY,
     seq bigserial NOT NULL,
     txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
     project text NOT NULL,
     kind text NOT NULL,
     machine text NOT NULL,
     machine_id text NOT NULL,
     user_name text NOT NULL,
     session_id text,
     at bigint NOT NULL,
     text text NOT NULL,
     meta jsonb,
     pushed_at timestamptz NOT NULL DEFAULT now(),
     tsv tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, text)) STORED
   );
   CREATE INDEX cairn_team_records_pull ON cairn_team_records (project, txid, seq);
   CREATE INDEX cairn_team_records_kind ON cairn_team_records (project, kind, at);
   CREATE INDEX cairn_team_records_tsv ON cairn_team_records USING gin (tsv);`,`CREATE TABLE cairn_team_forgets (
     id text PRIMARY KEY,
     seq bigserial NOT NULL,
     txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
     machine_id text NOT NULL,
     record_id text,
     session_id text,
     since bigint,
     until bigint,
     at bigint NOT NULL,
     removed integer NOT NULL DEFAULT 0
   );
   CREATE INDEX cairn_team_forgets_pull ON cairn_team_forgets (txid, seq);
   CREATE INDEX cairn_team_forgets_machine ON cairn_team_forgets (machine_id);
   CREATE INDEX cairn_team_records_machine ON cairn_team_records (machine_id, at);`],PG_SCHEMA_VERSION=PG_MIGRATIONS.length;var MACHINE_LOCK_CLASS=1667328370;async function lockMachine(tx,machineId){await tx`SELECT pg_advisory_xact_lock(${MACHINE_LOCK_CLASS}::int, hashtext(${machineId}))`}function forgetCovers(f,r){return f.recordId!==void 0?r.id===f.recordId:f.sessionId!==void 0?r.session===f.sessionId:f.since!==void 0&&f.until!==void 0&&r.at>=f.since&&r.at<=f.until}var fromRow=r=>({id:r.id,...r.record_id!==null?{recordId:r.record_id}:{},...r.session_id!==null?{sessionId:r.session_id}:{},...r.since!==null?{since:Number(r.since),until:Number(r.until)}:{},at:Number(r.at)});function localForgets(store){return store.db.prepare("SELECT id, record_id, session_id, since, until, at FROM team_forgets").all().map(fromRow)}function covers(f){return f.recordId!==void 0?{where:"id = ?",args:[f.recordId]}:f.sessionId!==void 0?{where:"session_id = ?",args:[f.sessionId]}:{where:"at BETWEEN ? AND ?",args:[f.since,f.until]}}function forgetLocally(store,machineId,what,now){let{randomUUID}=process.getBuiltinModule("node:crypto"),forget={id:`${machineId}:${randomUUID()}`,..."record"in what?{recordId:what.record}:{},..."session"in what?{sessionId:what.session}:{},..."since"in what?{since:what.since,until:what.until}:{},at:now},c=covers(forget);return store.tx(()=>{store.db.prepare("INSERT INTO team_forgets (id, record_id, session_id, since, until, at) VALUES (?, ?, ?, ?, ?, ?)").run(forget.id,forget.recordId??null,forget.sessionId??null,forget.since??null,forget.until??null,now);let outbox=Number(store.db.prepare(`UPDATE team_outbox SET dropped_at = ?, dropped_why = 'forgotten', record = ''
           WHERE pushed_at IS NULL AND dropped_at IS NULL AND ${c.where}`).run(now,...c.args).changes),pulled=Number(store.db.prepare(`DELETE FROM team_records WHERE machine_id = ? AND ${c.where}`).run(machineId,...c.args).changes);return{forget,outbox,pulled}})}async function pushForgets(store,sql,machineId,now){let pending=store.db.prepare("SELECT id, record_id, session_id, since, until, at FROM team_forgets WHERE pushed_at IS NULL ORDER BY at").all(),removed=0;for(let row of pending){let f=fromRow(row),gone=await sql.begin(async tx=>{await lockMachine(tx,machineId);let deleted=await tx`
        DELETE FROM cairn_team_records
        WHERE machine_id = ${machineId} AND ${f.recordId!==void 0?tx`id = ${f.recordId}`:f.sessionId!==void 0?tx`session_id = ${f.sessionId}`:tx`at BETWEEN ${String(f.since)}::bigint AND ${String(f.until)}::bigint`}`;return await tx`
        INSERT INTO cairn_team_forgets (id, machine_id, record_id, session_id, since, until, at, removed)
        VALUES (${f.id}, ${machineId}, ${f.recordId??null}, ${f.sessionId??null},
                ${f.since===void 0?null:String(f.since)}::bigint,
                ${f.until===void 0?null:String(f.until)}::bigint,
                ${String(f.at)}::bigint, ${deleted.count})
        ON CONFLICT (id) DO NOTHING`,deleted.count});removed+=gone,store.db.prepare("UPDATE team_forgets SET pushed_at = ?, removed = coalesce(removed, 0) + ? WHERE id = ?").run(now(),gone,f.id)}return{forgets:pending.length,removed}}async function pullForgets(store,sql,now){let cursor=getState(store,"team","forget_cursor")??{txid:"0",seq:"0"},forgets=0,dropped=0;for(;;){let rows=await sql`
      SELECT id, seq::text AS sq, txid::text AS tx, machine_id, record_id, session_id,
             since::text AS since, until::text AS until, at::text AS at
      FROM cairn_team_forgets
      WHERE (txid, seq) > (${cursor.txid}::xid8, ${cursor.seq}::bigint)
        AND txid < pg_snapshot_xmin(pg_current_snapshot())
      ORDER BY txid, seq
      LIMIT 1000`;if(rows.length===0)break;let last=rows.at(-1),next={txid:last.tx,seq:last.sq};if(store.tx(()=>{for(let r of rows){let c=covers(fromRow({id:r.id,record_id:r.record_id,session_id:r.session_id,since:r.since===null?null:Number(r.since),until:r.until===null?null:Number(r.until),at:Number(r.at)}));dropped+=Number(store.db.prepare(`DELETE FROM team_records WHERE machine_id = ? AND ${c.where}`).run(r.machine_id,...c.args).changes)}setState(store,"team","forget_cursor",next,now())}),cursor=next,forgets+=rows.length,rows.length<1e3)break}return{forgets,dropped}}0&&(module.exports={forgetCovers,forgetLocally,localForgets,pullForgets,pushForgets});
