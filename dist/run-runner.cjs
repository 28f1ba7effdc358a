"use strict";var __create=Object.create;var __defProp=Object.defineProperty;var __getOwnPropDesc=Object.getOwnPropertyDescriptor;var __getOwnPropNames=Object.getOwnPropertyNames;var __getProtoOf=Object.getPrototypeOf,__hasOwnProp=Object.prototype.hasOwnProperty;var __export=(target2,all)=>{for(var name in all)__defProp(target2,name,{get:all[name],enumerable:!0})},__copyProps=(to,from,except,desc)=>{if(from&&typeof from=="object"||typeof from=="function")for(let key of __getOwnPropNames(from))!__hasOwnProp.call(to,key)&&key!==except&&__defProp(to,key,{get:()=>from[key],enumerable:!(desc=__getOwnPropDesc(from,key))||desc.enumerable});return to};var __toESM=(mod,isNodeMode,target2)=>(target2=mod!=null?__create(__getProtoOf(mod)):{},__copyProps(isNodeMode||!mod||!mod.__esModule?__defProp(target2,"default",{value:mod,enumerable:!0}):target2,mod)),__toCommonJS=mod=>__copyProps(__defProp({},"__esModule",{value:!0}),mod);var runner_exports={};__export(runner_exports,{runRunner:()=>runRunner});module.exports=__toCommonJS(runner_exports);var import_node_fs6=require("node:fs");var import_node_fs2=require("node:fs"),import_node_path3=require("node:path");var import_node_fs=require("node:fs"),import_node_path=require("node:path");var spec=process.env.CAIRN_FAILPOINT||void 0,[target,nth]=spec?parseSpec(spec):["",0],g=globalThis;function failpoint(name){spec===void 0||name!==target||(g.__cairnFailpointHits=(g.__cairnFailpointHits??0)+1,g.__cairnFailpointHits>=nth&&process.kill(process.pid,"SIGKILL"))}function parseSpec(s){let at=s.lastIndexOf("@");if(at<=0)return[s,1];let n=Number(s.slice(at+1));return[s.slice(0,at),Number.isInteger(n)&&n>0?n:1]}var DIR_MODE=448,FILE_MODE=384;function ensureDir(dir){(0,import_node_fs.mkdirSync)(dir,{recursive:!0,mode:DIR_MODE})}var tmpSuffix=()=>Math.random().toString(36).slice(2,10);function writeFileAtomic(path,data,mode=FILE_MODE){ensureDir((0,import_node_path.dirname)(path));let tmp=`${path}.${process.pid}.${tmpSuffix()}.tmp`,fd=(0,import_node_fs.openSync)(tmp,"w",mode);try{(0,import_node_fs.writeSync)(fd,typeof data=="string"?Buffer.from(data):data),failpoint("atomic:written"),(0,import_node_fs.fsyncSync)(fd)}catch(err){throw(0,import_node_fs.closeSync)(fd),safeUnlink(tmp),err}(0,import_node_fs.closeSync)(fd),failpoint("atomic:rename");try{(0,import_node_fs.renameSync)(tmp,path)}catch(err){throw safeUnlink(tmp),err}}function readTextIfExists(path){try{return(0,import_node_fs.readFileSync)(path,"utf8")}catch(err){if(isNotFound(err))return;throw err}}function readJsonIfExists(path){let text=readTextIfExists(path);if(text!==void 0)try{return JSON.parse(text)}catch{return}}function safeUnlink(path){try{(0,import_node_fs.unlinkSync)(path)}catch{}}function isNotFound(err){return typeof err=="object"&&err!==null&&err.code==="ENOENT"}function errorMessage(err){return err instanceof Error?err.message:String(err)}var import_node_os=require("node:os"),import_node_path2=require("node:path");function fnv1a64(text){let h1=2166136261,h2=3421674724;for(let i=0;i<text.length;i++){let c=text.charCodeAt(i);h1=Math.imul(h1^c,16777619)>>>0,h2=Math.imul(h2^c^h1>>>16,16777619)>>>0}return h2.toString(16).padStart(8,"0")+h1.toString(16).padStart(8,"0")}function cairnHome(env=process.env){return env.CAIRN_HOME&&(0,import_node_path2.isAbsolute)(env.CAIRN_HOME)?(0,import_node_path2.resolve)(env.CAIRN_HOME):(0,import_node_path2.join)(homeDir(env),".cairn")}function homeDir(env=process.env){return(0,import_node_path2.resolve)(env.HOME&&(0,import_node_path2.isAbsolute)(env.HOME)?env.HOME:(0,import_node_os.userInfo)().homedir||(0,import_node_os.homedir)())}function cairnPaths(root=cairnHome()){let logs=(0,import_node_path2.join)(root,"logs");return{root,db:(0,import_node_path2.join)(root,"cairn.db"),config:(0,import_node_path2.join)(root,"config.yaml"),logs,log:(0,import_node_path2.join)(logs,"cairn.log"),offSwitch:(0,import_node_path2.join)(root,"off"),lastError:(0,import_node_path2.join)(root,"last-error.json"),sessions:(0,import_node_path2.join)(root,"sessions"),projects:(0,import_node_path2.join)(root,"projects"),snapshots:(0,import_node_path2.join)(root,"snapshots"),install:(0,import_node_path2.join)(root,"install"),cache:(0,import_node_path2.join)(root,"cache")}}var SAFE_ID=/^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/,WINDOWS_DEVICE=/^(?:CON|PRN|AUX|NUL|COM[0-9]|LPT[0-9])$/i;function safeId(raw){if(SAFE_ID.test(raw)&&!WINDOWS_DEVICE.test(raw))return raw;let kept=raw.replace(/[^A-Za-z0-9_-]/g,"").slice(0,64),hash=fnv1a64(raw).slice(0,12);return/^[A-Za-z0-9]/.test(kept)?`${kept}-${hash}`:`id-${kept?`${kept}-`:""}${hash}`}function projectKey(projectDir){let dir=(0,import_node_path2.resolve)(projectDir),name=(0,import_node_path2.basename)(dir).replace(/[^A-Za-z0-9_.-]/g,"_").slice(0,40)||"root",hash=fnv1a64(dir).slice(0,8);return`${name}-${hash}`}var store$4,DEFAULT_CONFIG={lang:void 0,message:void 0,abortEarly:void 0,abortPipeEarly:void 0};function getGlobalConfig(config$1){return!config$1&&!store$4?DEFAULT_CONFIG:{lang:config$1?.lang??store$4?.lang,message:config$1?.message,abortEarly:config$1?.abortEarly??store$4?.abortEarly,abortPipeEarly:config$1?.abortPipeEarly??store$4?.abortPipeEarly}}var store$3;function getGlobalMessage(lang){return store$3?.get(lang)}var store$2;function getSchemaMessage(lang){return store$2?.get(lang)}var store$1;function getSpecificMessage(reference,lang){return store$1?.get(reference)?.get(lang)}function _stringify(input){let type=typeof input;return type==="string"?`"${input}"`:type==="number"||type==="bigint"||type==="boolean"?`${input}`:type==="object"||type==="function"?(input&&Object.getPrototypeOf(input)?.constructor?.name)??"null":type}function _addIssue(context,label,dataset,config$1,other){let input=other&&"input"in other?other.input:dataset.value,expected=other?.expected??context.expects??null,received=other?.received??_stringify(input),issue={kind:context.kind,type:context.type,input,expected,received,message:`Invalid ${label}: ${expected?`Expected ${expected} but r`:"R"}eceived ${received}`,requirement:context.requirement,path:other?.path,issues:other?.issues,lang:config$1.lang,abortEarly:config$1.abortEarly,abortPipeEarly:config$1.abortPipeEarly},isSchema=context.kind==="schema",message$1=other?.message??context.message??getSpecificMessage(context.reference,issue.lang)??(isSchema?getSchemaMessage(issue.lang):null)??config$1.message??getGlobalMessage(issue.lang);message$1!==void 0&&(issue.message=typeof message$1=="function"?message$1(issue):message$1),isSchema&&(dataset.typed=!1),dataset.issues?dataset.issues.push(issue):dataset.issues=[issue]}function _joinExpects(values$1,separator){let list=[...new Set(values$1)];return list.length>1?`(${list.join(` ${separator} `)})`:list[0]??"never"}function _standardSchema(schema){return schema["~standard"]={version:1,vendor:"valibot",validate:value$1=>schema["~run"]({value:value$1},getGlobalConfig())},schema}var EMOJI_REGEX=new RegExp("^(?:[\\u{1F1E6}-\\u{1F1FF}]{2}|\\u{1F3F4}[\\u{E0061}-\\u{E007A}]{2}[\\u{E0030}-\\u{E0039}\\u{E0061}-\\u{E007A}]{1,3}\\u{E007F}|(?:\\p{Emoji}\\uFE0F\\u20E3?|\\p{Emoji_Modifier_Base}\\p{Emoji_Modifier}?|(?![\\p{Emoji_Modifier_Base}\\u{1F1E6}-\\u{1F1FF}])\\p{Emoji_Presentation})(?:\\u200D(?:\\p{Emoji}\\uFE0F\\u20E3?|\\p{Emoji_Modifier_Base}\\p{Emoji_Modifier}?|(?![\\p{Emoji_Modifier_Base}\\u{1F1E6}-\\u{1F1FF}])\\p{Emoji_Presentation}))*)+$","u");function integer(message$1){return{kind:"validation",type:"integer",reference:integer,async:!1,expects:null,requirement:Number.isInteger,message:message$1,"~run"(dataset,config$1){return dataset.typed&&!this.requirement(dataset.value)&&_addIssue(this,"integer",dataset,config$1),dataset}}}function maxValue(requirement,message$1){return{kind:"validation",type:"max_value",reference:maxValue,async:!1,expects:`<=${requirement instanceof Date?requirement.toJSON():_stringify(requirement)}`,requirement,message:message$1,"~run"(dataset,config$1){return dataset.typed&&!(dataset.value<=this.requirement)&&_addIssue(this,"value",dataset,config$1,{received:dataset.value instanceof Date?dataset.value.toJSON():_stringify(dataset.value)}),dataset}}}function minValue(requirement,message$1){return{kind:"validation",type:"min_value",reference:minValue,async:!1,expects:`>=${requirement instanceof Date?requirement.toJSON():_stringify(requirement)}`,requirement,message:message$1,"~run"(dataset,config$1){return dataset.typed&&!(dataset.value>=this.requirement)&&_addIssue(this,"value",dataset,config$1,{received:dataset.value instanceof Date?dataset.value.toJSON():_stringify(dataset.value)}),dataset}}}function array(item,message$1){return _standardSchema({kind:"schema",type:"array",reference:array,expects:"Array",async:!1,item,message:message$1,"~run"(dataset,config$1){let input=dataset.value;if(Array.isArray(input)){dataset.typed=!0,dataset.value=[];for(let key=0;key<input.length;key++){let value$1=input[key],itemDataset=this.item["~run"]({value:value$1},config$1);if(itemDataset.issues){let pathItem={type:"array",origin:"value",input,key,value:value$1};for(let issue of itemDataset.issues)issue.path?issue.path.unshift(pathItem):issue.path=[pathItem],dataset.issues?.push(issue);if(dataset.issues||(dataset.issues=itemDataset.issues),config$1.abortEarly){dataset.typed=!1;break}}itemDataset.typed||(dataset.typed=!1),dataset.value.push(itemDataset.value)}}else _addIssue(this,"type",dataset,config$1);return dataset}})}function boolean(message$1){return _standardSchema({kind:"schema",type:"boolean",reference:boolean,expects:"boolean",async:!1,message:message$1,"~run"(dataset,config$1){return typeof dataset.value=="boolean"?dataset.typed=!0:_addIssue(this,"type",dataset,config$1),dataset}})}function number(message$1){return _standardSchema({kind:"schema",type:"number",reference:number,expects:"number",async:!1,message:message$1,"~run"(dataset,config$1){return typeof dataset.value=="number"&&!isNaN(dataset.value)?dataset.typed=!0:_addIssue(this,"type",dataset,config$1),dataset}})}function picklist(options,message$1){return _standardSchema({kind:"schema",type:"picklist",reference:picklist,expects:_joinExpects(options.map(_stringify),"|"),async:!1,options,message:message$1,"~run"(dataset,config$1){return this.options.includes(dataset.value)?dataset.typed=!0:_addIssue(this,"type",dataset,config$1),dataset}})}function string(message$1){return _standardSchema({kind:"schema",type:"string",reference:string,expects:"string",async:!1,message:message$1,"~run"(dataset,config$1){return typeof dataset.value=="string"?dataset.typed=!0:_addIssue(this,"type",dataset,config$1),dataset}})}function pipe(...pipe$1){return _standardSchema({...pipe$1[0],pipe:pipe$1,"~run"(dataset,config$1){for(let item of pipe$1)if(item.kind!=="metadata"){if(dataset.issues&&(item.kind==="schema"||item.kind==="transformation")){dataset.typed=!1;break}(!dataset.issues||!config$1.abortEarly&&!config$1.abortPipeEarly)&&(dataset=item["~run"](dataset,config$1))}return dataset}})}function safeParse(schema,input,config$1){let dataset=schema["~run"]({value:input},getGlobalConfig(config$1));return{typed:dataset.typed,success:!dataset.issues,output:dataset.value,issues:dataset.issues}}function setting(schema,def,doc){return{schema,default:def,doc}}var int=(min,max)=>pipe(number(),integer(),minValue(min),maxValue(max)),fraction=()=>pipe(number(),minValue(0),maxValue(1)),strings=()=>array(string());var COMPRESS_SETTINGS={"compress.enabled":setting(boolean(),!0,"Replace large tool outputs with content-aware excerpts."),"compress.min_bytes":setting(int(0,1e7),4096,"Outputs smaller than this are never compressed."),"compress.read_min_bytes":setting(int(0,1e7),24e3,"Read results smaller than this are never compressed (reading to edit must keep working)."),"compress.tools":setting(strings(),["Bash","Read","Grep","Glob","WebFetch","WebSearch","mcp"],"Tools whose outputs may be compressed ('mcp' means every MCP tool with text output)."),"compress.keep_recent":setting(int(0,1e3),2,"The most recent large tool results that `cairn slim` leaves whole. (Live, every output is the most recent when it arrives and nothing replaces it later, so live compression does not use this.)"),"compress.budget_fraction":setting(fraction(),.08,"Excerpt size as a fraction of the original."),"compress.budget_min_chars":setting(int(200,1e5),1200,"Smallest excerpt budget, in characters."),"compress.budget_max_chars":setting(int(500,25e3),6e3,"Largest excerpt budget, in characters."),"compress.never":setting(strings(),[],"Regular expressions: Bash commands or file paths matching any of them are never compressed."),"compress.redact":setting(boolean(),!0,"Mask secrets (keys, tokens, passwords) in stored originals and excerpts."),"run.enabled":setting(boolean(),!0,"Run Bash commands through cairn's runner so failing and huge outputs are compressed too."),"run.never":setting(strings(),[],"Regular expressions: Bash commands matching any of them are never wrapped by the runner."),"observe.enabled":setting(boolean(),!1,"Ask a model for an observation instead of the deterministic excerpt (opt-in)."),"observe.provider":setting(picklist(["api","claude"]),"api","Anthropic API (honours ANTHROPIC_BASE_URL) or a `claude -p` subprocess."),"observe.model":setting(string(),"claude-haiku-4-5","Model used for observations."),"observe.timeout_ms":setting(int(100,12e4),8e3,"Give up on the model after this long and use the excerpt.")};var CONTEXT_SETTINGS={"monitor.enabled":setting(boolean(),!0,"Warn the agent (not only you) when its context window runs low."),"monitor.warn_remaining_pct":setting(int(1,99),35,"Warn the agent when remaining context falls to this percentage."),"monitor.critical_remaining_pct":setting(int(1,99),25,"Critical warning at this remaining percentage."),"monitor.debounce_tool_uses":setting(int(0,1e3),5,"Tool uses between repeated warnings of the same level."),"monitor.metrics_max_age_s":setting(int(1,3600),60,"Statusline metrics older than this are not trusted."),"monitor.hide_after_min":setting(int(1,1440),15,"cairn monitor hides sessions with no activity for this many minutes (--all shows them).")};var MEMORY_SETTINGS={"memory.enabled":setting(boolean(),!0,"Ingest conversation and tool I/O into the layered memory."),"memory.recent_turns":setting(int(1,200),6,"Turns kept verbatim (L2) in a resume; older turns become L1 lines."),"memory.inject_chars":setting(int(1e3,9800),9e3,"Largest resume injection (Claude Code cuts additionalContext at 10,000)."),"memory.handoff_ttl_min":setting(int(1,10080),60,"A handoff baton older than this is ignored."),"memory.ingest_ms":setting(int(50,3e4),1500,"Time one hook may spend ingesting; a long backlog continues at the next event."),"memory.summarizer":setting(picklist(["extractive","api","claude"]),"extractive","How L1 one-line summaries are written: extractive (no model), the Anthropic API, or `claude -p`."),"memory.summarizer_model":setting(string(),"claude-haiku-4-5","Model for model-written L1 summaries."),"memory.summarizer_timeout_ms":setting(int(500,3e5),3e4,"Give up on the model after this long and keep the extractive summaries."),"memory.slim_min_chars":setting(int(500,1e7),4096,"`cairn slim` rewrites tool results at least this long.")};var NOTEBOOK_SETTINGS={"notebook.enabled":setting(boolean(),!0,"Keep .cairn/STATE.md and restore it into every session."),"notebook.restore_max_chars":setting(int(1500,9e3),6e3,"Largest notebook restore at session start, in characters (Goal and Now first, the path for the rest)."),"anchor.enabled":setting(boolean(),!0,"Pin goal and context health to each prompt."),"anchor.max_tokens":setting(int(50,2e3),400,"Largest anchor, in estimated tokens."),"advisor.suggest_used_pct":setting(int(1,99),55,"Suggest compacting at the next task boundary from this usage."),"advisor.urge_used_pct":setting(int(1,99),70,"Recommend compacting now from this usage."),"precompact.instructions":setting(boolean(),!0,"Add cairn's keep/drop instructions to every compaction (manual and automatic)."),"precompact.block_stale":setting(boolean(),!0,"Block one stale automatic compaction per session until STATE.md is updated."),"precompact.stale_output_tokens":setting(int(0,1e6),2e4,"Output since STATE.md last changed that makes the notebook stale."),"precompact.keep_snapshots":setting(int(1,1e4),50,"Snapshots kept per project in ~/.cairn/snapshots (oldest removed first)."),"nudge.read":setting(boolean(),!0,"Suggest offset/limit for unbounded reads of large files."),"nudge.read_min_bytes":setting(int(1024,1e8),5e4,"A Read without offset/limit of a text file at least this large gets the offset/limit note."),"nudge.subagent_model":setting(boolean(),!0,"Suggest an explicit, cheaper model for subagents.")};var RETENTION_SETTINGS={"retention.days":setting(int(1,3650),30,"Sessions not seen for this many days are removed with everything cairn stored for them."),"retention.max_mb":setting(int(16,1e6),1024,"Largest size of cairn's database; past it the oldest stored originals go first, then the oldest sessions."),"retention.auto":setting(boolean(),!0,"Apply the retention policy at the end of turns (at most every retention.every_min, sooner when over size)."),"retention.every_min":setting(int(1,10080),60,"Minutes between automatic retention runs.")};var CORE_SETTINGS={enabled:setting(boolean(),!0,"Master switch for cairn in this scope (also: cairn off / cairn on)."),"hook.budget_ms":setting(int(100,6e4),4e3,"Time a hook may take before cairn answers with a no-op (Claude Code's own timeout is longer)."),"hook.max_stdin_mb":setting(int(1,512),16,"Hook inputs larger than this are passed through untouched."),"log.level":setting(picklist(["debug","info","warn","error"]),"info","Minimum level written to ~/.cairn/logs.")},SETTINGS={...CORE_SETTINGS,...COMPRESS_SETTINGS,...CONTEXT_SETTINGS,...NOTEBOOK_SETTINGS,...MEMORY_SETTINGS,...RETENTION_SETTINGS};function defaults(){let out={};for(let[key,s]of Object.entries(SETTINGS))out[key]=s.default;return out}function isSettingKey(key){return Object.hasOwn(SETTINGS,key)}function checkSetting(key,value){let result=safeParse(SETTINGS[key].schema,value);return result.success?{ok:!0,value:result.output}:{ok:!1,problem:result.issues.map(i=>i.message).join("; ")}}function resolveConfig(layers){let config={...defaults()},origin={};for(let key of Object.keys(config))origin[key]="default";let issues=[];for(let layer of layers){if(layer.parseError){issues.push({path:layer.path,problem:`cannot parse: ${layer.parseError}`});continue}if(!(layer.data===null||layer.data===void 0)){if(typeof layer.data!="object"||Array.isArray(layer.data)){issues.push({path:layer.path,problem:"expected a mapping of settings at the top level"});continue}for(let[key,value]of Object.entries(flatten(layer.data))){if(!isSettingKey(key)){issues.push({path:layer.path,key,problem:"unknown setting (ignored)"});continue}let checked=checkSetting(key,value);checked.ok?(config[key]=checked.value,origin[key]=layer.source):issues.push({path:layer.path,key,problem:`${checked.problem}; using ${JSON.stringify(config[key])}`})}}}return{config,origin,issues}}function flatten(obj,prefix=""){let out=Object.create(null);for(let[k,value]of Object.entries(obj)){let key=prefix?`${prefix}.${k}`:k;value!==null&&typeof value=="object"&&!Array.isArray(value)&&!isSettingKey(key)?Object.assign(out,flatten(value,key)):out[key]=value}return out}function projectConfigPath(projectDir){return(0,import_node_path3.join)(projectDir,".claude","cairn.yaml")}var CACHE_VERSION=2;async function loadConfig(paths,projectDir){let files=[{source:"user",path:paths.config}];projectDir&&files.push({source:"project",path:projectConfigPath(projectDir)});let stamps=files.map(f=>`${f.path}@${mtimeOf(f.path)}`);if(stamps.every(s=>s.endsWith("@-")))return resolveConfig([]);let stamp=`${CACHE_VERSION}|${Object.keys(SETTINGS).length}|${stamps.join("|")}`,cachePath=(0,import_node_path3.join)(paths.cache,`config-${projectDir?projectKey(projectDir):"user"}.json`),cached=readJsonIfExists(cachePath);if(cached?.stamp===stamp)return cached.resolved;let{parse}=await Promise.resolve().then(()=>require("./pkg-yaml.cjs")),layers=[];for(let f of files){let text;try{text=(0,import_node_fs2.readFileSync)(f.path,"utf8")}catch{continue}try{layers.push({...f,data:parse(text)})}catch(err){layers.push({...f,data:void 0,parseError:errorMessage(err).split(`
`)[0]})}}let resolved=resolveConfig(layers);try{writeFileAtomic(cachePath,JSON.stringify({stamp,resolved}))}catch{}return resolved}function mtimeOf(path){try{let st=(0,import_node_fs2.statSync)(path);return`${st.mtimeMs}:${st.size}`}catch{return"-"}}var import_node_fs3=require("node:fs");var LEVELS={debug:10,info:20,warn:30,error:40},LOG_MAX_BYTES=1024*1024,LOG_FILES=3;function createLogger(paths,minLevel="info"){let write=(level,msg,fields={})=>{if(LEVELS[level]<LEVELS[minLevel])return;let{err,...rest}=fields,record={t:new Date().toISOString(),level,msg,pid:process.pid,...rest};err!==void 0&&(record.err=errorMessage(err),err instanceof Error&&err.stack&&(record.stack=err.stack.split(`
`).slice(0,8).join(`
`)));try{appendLine(paths,`${JSON.stringify(record)}
`),level==="error"&&writeFileAtomic(paths.lastError,JSON.stringify({t:record.t,msg,event:rest.event,err:record.err}))}catch{}};return{debug:(m,f)=>write("debug",m,f),info:(m,f)=>write("info",m,f),warn:(m,f)=>write("warn",m,f),error:(m,f)=>write("error",m,f)}}function appendLine(paths,line){ensureDir(paths.logs);let size=0;try{size=(0,import_node_fs3.statSync)(paths.log).size}catch{size=0}size+line.length>LOG_MAX_BYTES&&size>0&&rotate(paths.log),(0,import_node_fs3.appendFileSync)(paths.log,line,{mode:FILE_MODE})}function rotate(log){for(let i=LOG_FILES-1;i>=1;i--){let from=i===1?log:`${log}.${i-1}`;try{(0,import_node_fs3.renameSync)(from,`${log}.${i}`)}catch{}}}var import_node_fs4=require("node:fs");function writeStdout(bytes){let off=0;for(;off<bytes.byteLength;)off+=(0,import_node_fs4.writeSync)(1,bytes,off,Math.min(bytes.byteLength-off,1<<20))}function observerFor(config,env){if(config["observe.enabled"])return async(text,hints)=>{let{observe,renderObservation}=await Promise.resolve().then(()=>require("./observe-observation.cjs")),o=await observe(text,hints,{provider:config["observe.provider"],model:config["observe.model"],timeoutMs:config["observe.timeout_ms"],env});return{text:renderObservation(o),json:JSON.stringify(o)}}}var import_node_fs5=require("node:fs"),import_node_path4=require("node:path");var on=process.env.CAIRN_TRACE==="1",g2=globalThis;if(on&&!g2.__cairnMarks){let marks=[["node-ready",performance.now()]];g2.__cairnMarks=marks,process.on("exit",()=>{marks.push(["exit",performance.now()]),process.stderr.write(`${JSON.stringify({trace:marks.map(([k,t])=>[k,Math.round(t*100)/100])})}
`)})}function mark(label){on&&g2.__cairnMarks?.push([label,performance.now()])}var CONTEXT_SCHEMA=`
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
`,CONTEXT_SCHEMA_4=`
  CREATE INDEX outputs_session_sizes ON outputs(session_id, original_bytes, excerpt_bytes);
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
`;function reconcileSchema(db,sql){let Database=db.constructor,ref=new Database(":memory:");try{for(let s of sql)ref.exec(s);let want=objects(ref),have=new Set(objects(db).map(o=>`${o.type}:${o.name}`));for(let o of want)o.type!=="table"||have.has(`table:${o.name}`)||db.exec(o.sql);for(let o of want){if(o.type!=="table"||isVirtual(o.sql))continue;let present=new Set(columns(db,o.name).map(c=>c.name));for(let c of columns(ref,o.name))present.has(c.name)||db.exec(addColumn(o.name,c))}for(let o of want)o.type==="index"&&!have.has(`index:${o.name}`)&&db.exec(o.sql)}finally{ref.close()}}function objects(db){let rows=db.prepare("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid").all(),virtual=rows.filter(r=>isVirtual(r.sql)).map(r=>r.name);return rows.filter(r=>!virtual.some(v=>r.name.startsWith(`${v}_`)&&r.name!==v))}var isVirtual=sql=>/^CREATE VIRTUAL TABLE/i.test(sql);function columns(db,table){return db.prepare(`PRAGMA table_info("${table.replaceAll('"','""')}")`).all()}function addColumn(table,c){let dflt=c.dflt_value!==null?` DEFAULT ${c.dflt_value}`:"",notNull=c.notnull&&c.dflt_value!==null?" NOT NULL":"";return`ALTER TABLE "${table}" ADD COLUMN "${c.name}" ${c.type}${dflt}${notNull}`}var CORE_SCHEMA=`
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
`;var SCHEMA_SQL=[CORE_SCHEMA,CONTEXT_SCHEMA,MEMORY_SCHEMA,RETENTION_SCHEMA,CONTEXT_SCHEMA_4,RETENTION_SCHEMA_5],MIGRATIONS=[CORE_SCHEMA,CONTEXT_SCHEMA,MEMORY_SCHEMA,db=>reconcileSchema(db,SCHEMA_SQL),db=>reconcileSchema(db,SCHEMA_SQL)],SCHEMA_VERSION=MIGRATIONS.length;var BUSY_TIMEOUT_MS=3e3,sqliteModule;async function sqlite(){if(sqliteModule)return sqliteModule;let original=process.emitWarning;process.emitWarning=((warning,...rest)=>{let text=typeof warning=="string"?warning:warning.message;if(!/sqlite/i.test(text))return original.call(process,warning,...rest)});try{sqliteModule=await import("node:sqlite")}finally{process.emitWarning=original}return sqliteModule}async function openStore(path,opts={}){let{DatabaseSync}=await sqlite();opts.readOnly||(ensureDir((0,import_node_path4.dirname)(path)),(0,import_node_fs5.closeSync)((0,import_node_fs5.openSync)(path,"a",FILE_MODE)));let db=new DatabaseSync(path,{readOnly:opts.readOnly??!1,timeout:opts.busyTimeoutMs??BUSY_TIMEOUT_MS});try{opts.readOnly||(schemaVersion(db)===0&&db.exec("PRAGMA auto_vacuum = INCREMENTAL"),db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA journal_size_limit = 4194304;"),migrate(db))}catch(err){throw db.close(),err}return mark("db-open"),{db,path,tx(fn){db.exec("BEGIN IMMEDIATE");try{let out=fn();return failpoint("tx:commit"),db.exec("COMMIT"),out}catch(err){throw db.isTransaction&&db.exec("ROLLBACK"),err}},close:()=>db.close()}}function schemaVersion(db){return db.prepare("PRAGMA user_version").get().user_version}function migrate(db){let version=schemaVersion(db);if(version>SCHEMA_VERSION)throw new Error(`database schema ${version} is newer than this cairn (${SCHEMA_VERSION}); upgrade cairn`);for(;version<SCHEMA_VERSION;){db.exec("BEGIN IMMEDIATE");try{let now=schemaVersion(db);if(now!==version){db.exec("COMMIT"),version=now;continue}let step=MIGRATIONS[version];typeof step=="string"?db.exec(step):step(db),db.exec(`PRAGMA user_version = ${version+1}`),db.exec("COMMIT"),version+=1}catch(err){throw db.isTransaction&&db.exec("ROLLBACK"),err}}}var import_node_path5=require("node:path");function runDir(paths){return(0,import_node_path5.join)(paths.root,"run")}function runFiles(paths,toolUseId){let id=safeId(toolUseId),dir=runDir(paths);return{id,commandFile:(0,import_node_path5.join)(dir,`${id}.sh`),spoolFile:(0,import_node_path5.join)(dir,`${id}.out`),metaFile:(0,import_node_path5.join)(dir,`${id}.json`)}}function readMeta(files){return readJsonIfExists(files.metaFile)}function removeRunFiles(files){safeUnlink(files.commandFile),safeUnlink(files.spoolFile),safeUnlink(files.metaFile)}async function runRunner(argv){let idAt=argv.indexOf("--id"),id=idAt>=0?argv[idAt+1]:void 0,status=argv.find((a,i)=>i!==idAt+1&&/^\d+$/.test(a));if(!id)return process.stderr.write(`Usage: cairn run --id ID [EXIT_STATUS]   (used by cairn's Bash wrapper)
`),2;let paths=cairnPaths(),files=runFiles(paths,id),output;try{output=(0,import_node_fs6.readFileSync)(files.spoolFile)}catch{return 0}let meta=readMeta(files),projectDir=meta?.projectDir??process.env.CLAUDE_PROJECT_DIR??process.cwd(),resolved=resolveConfig([]);try{resolved=await loadConfig(paths,projectDir)}catch{}let config=resolved.config,log=createLogger(paths,config["log.level"]);try{if(!meta||output.length<config["compress.min_bytes"])return writeStdout(output),0;let text=output.toString("utf8"),[{fileOutput},{compressText}]=await Promise.all([Promise.resolve().then(()=>require("./compress-filing.cjs")),Promise.resolve().then(()=>require("./compress-index.cjs"))]),store=await openStore(paths.db);try{let filed=await fileOutput(store,config,{text,hints:{tool:"Bash",command:meta.command,...status!==void 0?{exitCode:Number(status)}:{}},label:meta.command,sessionId:meta.sessionId,toolUseId:meta.toolUseId,onObserverError:err=>log.warn("observer failed; showing the excerpt",{session:meta.sessionId,err})},compressText,Date.now(),observerFor(config,process.env));writeStdout(Buffer.from(`${filed.shown}
`))}finally{store.close()}return 0}catch(err){return log.error("runner could not file the output; printed it whole",{session:meta?.sessionId,err}),writeStdout(output),0}finally{removeRunFiles(files)}}0&&(module.exports={runRunner});
