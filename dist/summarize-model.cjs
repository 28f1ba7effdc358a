"use strict";var __create=Object.create;var __defProp=Object.defineProperty;var __getOwnPropDesc=Object.getOwnPropertyDescriptor;var __getOwnPropNames=Object.getOwnPropertyNames;var __getProtoOf=Object.getPrototypeOf,__hasOwnProp=Object.prototype.hasOwnProperty;var __export=(target2,all)=>{for(var name in all)__defProp(target2,name,{get:all[name],enumerable:!0})},__copyProps=(to,from,except,desc)=>{if(from&&typeof from=="object"||typeof from=="function")for(let key of __getOwnPropNames(from))!__hasOwnProp.call(to,key)&&key!==except&&__defProp(to,key,{get:()=>from[key],enumerable:!(desc=__getOwnPropDesc(from,key))||desc.enumerable});return to};var __toESM=(mod,isNodeMode,target2)=>(target2=mod!=null?__create(__getProtoOf(mod)):{},__copyProps(isNodeMode||!mod||!mod.__esModule?__defProp(target2,"default",{value:mod,enumerable:!0}):target2,mod)),__toCommonJS=mod=>__copyProps(__defProp({},"__esModule",{value:!0}),mod);var model_exports={};__export(model_exports,{parseSummaryLines:()=>parseSummaryLines,summarizeWithModel:()=>summarizeWithModel,summaryPrompt:()=>summaryPrompt});module.exports=__toCommonJS(model_exports);var import_node_child_process=require("node:child_process"),import_node_fs=require("node:fs"),import_node_os=require("node:os"),import_node_path=require("node:path");var store$4,DEFAULT_CONFIG={lang:void 0,message:void 0,abortEarly:void 0,abortPipeEarly:void 0};function getGlobalConfig(config$1){return!config$1&&!store$4?DEFAULT_CONFIG:{lang:config$1?.lang??store$4?.lang,message:config$1?.message,abortEarly:config$1?.abortEarly??store$4?.abortEarly,abortPipeEarly:config$1?.abortPipeEarly??store$4?.abortPipeEarly}}var store$3;function getGlobalMessage(lang){return store$3?.get(lang)}var store$2;function getSchemaMessage(lang){return store$2?.get(lang)}var store$1;function getSpecificMessage(reference,lang){return store$1?.get(reference)?.get(lang)}function _stringify(input){let type=typeof input;return type==="string"?`"${input}"`:type==="number"||type==="bigint"||type==="boolean"?`${input}`:type==="object"||type==="function"?(input&&Object.getPrototypeOf(input)?.constructor?.name)??"null":type}function _addIssue(context,label,dataset,config$1,other){let input=other&&"input"in other?other.input:dataset.value,expected=other?.expected??context.expects??null,received=other?.received??_stringify(input),issue={kind:context.kind,type:context.type,input,expected,received,message:`Invalid ${label}: ${expected?`Expected ${expected} but r`:"R"}eceived ${received}`,requirement:context.requirement,path:other?.path,issues:other?.issues,lang:config$1.lang,abortEarly:config$1.abortEarly,abortPipeEarly:config$1.abortPipeEarly},isSchema=context.kind==="schema",message$1=other?.message??context.message??getSpecificMessage(context.reference,issue.lang)??(isSchema?getSchemaMessage(issue.lang):null)??config$1.message??getGlobalMessage(issue.lang);message$1!==void 0&&(issue.message=typeof message$1=="function"?message$1(issue):message$1),isSchema&&(dataset.typed=!1),dataset.issues?dataset.issues.push(issue):dataset.issues=[issue]}function _isSameValueZero(value1,value2){return value1===value2||Number.isNaN(value1)&&Number.isNaN(value2)}function _isValidObjectKey(object$1,key){return Object.prototype.hasOwnProperty.call(object$1,key)&&key!=="__proto__"&&key!=="prototype"&&key!=="constructor"}function _joinExpects(values$1,separator){let list=[...new Set(values$1)];return list.length>1?`(${list.join(` ${separator} `)})`:list[0]??"never"}function _standardSchema(schema){return schema["~standard"]={version:1,vendor:"valibot",validate:value$1=>schema["~run"]({value:value$1},getGlobalConfig())},schema}var EMOJI_REGEX=new RegExp("^(?:[\\u{1F1E6}-\\u{1F1FF}]{2}|\\u{1F3F4}[\\u{E0061}-\\u{E007A}]{2}[\\u{E0030}-\\u{E0039}\\u{E0061}-\\u{E007A}]{1,3}\\u{E007F}|(?:\\p{Emoji}\\uFE0F\\u20E3?|\\p{Emoji_Modifier_Base}\\p{Emoji_Modifier}?|(?![\\p{Emoji_Modifier_Base}\\u{1F1E6}-\\u{1F1FF}])\\p{Emoji_Presentation})(?:\\u200D(?:\\p{Emoji}\\uFE0F\\u20E3?|\\p{Emoji_Modifier_Base}\\p{Emoji_Modifier}?|(?![\\p{Emoji_Modifier_Base}\\u{1F1E6}-\\u{1F1FF}])\\p{Emoji_Presentation}))*)+$","u");function integer(message$1){return{kind:"validation",type:"integer",reference:integer,async:!1,expects:null,requirement:Number.isInteger,message:message$1,"~run"(dataset,config$1){return dataset.typed&&!this.requirement(dataset.value)&&_addIssue(this,"integer",dataset,config$1),dataset}}}function maxLength(requirement,message$1){return{kind:"validation",type:"max_length",reference:maxLength,async:!1,expects:`<=${requirement}`,requirement,message:message$1,"~run"(dataset,config$1){return dataset.typed&&dataset.value.length>this.requirement&&_addIssue(this,"length",dataset,config$1,{received:`${dataset.value.length}`}),dataset}}}function maxValue(requirement,message$1){return{kind:"validation",type:"max_value",reference:maxValue,async:!1,expects:`<=${requirement instanceof Date?requirement.toJSON():_stringify(requirement)}`,requirement,message:message$1,"~run"(dataset,config$1){return dataset.typed&&!(dataset.value<=this.requirement)&&_addIssue(this,"value",dataset,config$1,{received:dataset.value instanceof Date?dataset.value.toJSON():_stringify(dataset.value)}),dataset}}}function minLength(requirement,message$1){return{kind:"validation",type:"min_length",reference:minLength,async:!1,expects:`>=${requirement}`,requirement,message:message$1,"~run"(dataset,config$1){return dataset.typed&&dataset.value.length<this.requirement&&_addIssue(this,"length",dataset,config$1,{received:`${dataset.value.length}`}),dataset}}}function minValue(requirement,message$1){return{kind:"validation",type:"min_value",reference:minValue,async:!1,expects:`>=${requirement instanceof Date?requirement.toJSON():_stringify(requirement)}`,requirement,message:message$1,"~run"(dataset,config$1){return dataset.typed&&!(dataset.value>=this.requirement)&&_addIssue(this,"value",dataset,config$1,{received:dataset.value instanceof Date?dataset.value.toJSON():_stringify(dataset.value)}),dataset}}}function getFallback(schema,dataset,config$1){return typeof schema.fallback=="function"?schema.fallback(dataset,config$1):schema.fallback}function getDefault(schema,dataset,config$1){return typeof schema.default=="function"?schema.default(dataset,config$1):schema.default}function array(item,message$1){return _standardSchema({kind:"schema",type:"array",reference:array,expects:"Array",async:!1,item,message:message$1,"~run"(dataset,config$1){let input=dataset.value;if(Array.isArray(input)){dataset.typed=!0,dataset.value=[];for(let key=0;key<input.length;key++){let value$1=input[key],itemDataset=this.item["~run"]({value:value$1},config$1);if(itemDataset.issues){let pathItem={type:"array",origin:"value",input,key,value:value$1};for(let issue of itemDataset.issues)issue.path?issue.path.unshift(pathItem):issue.path=[pathItem],dataset.issues?.push(issue);if(dataset.issues||(dataset.issues=itemDataset.issues),config$1.abortEarly){dataset.typed=!1;break}}itemDataset.typed||(dataset.typed=!1),dataset.value.push(itemDataset.value)}}else _addIssue(this,"type",dataset,config$1);return dataset}})}function boolean(message$1){return _standardSchema({kind:"schema",type:"boolean",reference:boolean,expects:"boolean",async:!1,message:message$1,"~run"(dataset,config$1){return typeof dataset.value=="boolean"?dataset.typed=!0:_addIssue(this,"type",dataset,config$1),dataset}})}function literal(literal_,message$1){return _standardSchema({kind:"schema",type:"literal",reference:literal,expects:_stringify(literal_),async:!1,literal:literal_,message:message$1,"~run"(dataset,config$1){return _isSameValueZero(dataset.value,this.literal)?dataset.typed=!0:_addIssue(this,"type",dataset,config$1),dataset}})}function looseObject(entries$1,message$1){return _standardSchema({kind:"schema",type:"loose_object",reference:looseObject,expects:"Object",async:!1,entries:entries$1,message:message$1,"~run"(dataset,config$1){let input=dataset.value;if(input&&typeof input=="object"){dataset.typed=!0,dataset.value={};for(let key in this.entries){let valueSchema=this.entries[key];if(key in input||(valueSchema.type==="exact_optional"||valueSchema.type==="optional"||valueSchema.type==="nullish")&&valueSchema.default!==void 0){let value$1=key in input?input[key]:getDefault(valueSchema),valueDataset=valueSchema["~run"]({value:value$1},config$1);if(valueDataset.issues){let pathItem={type:"object",origin:"value",input,key,value:value$1};for(let issue of valueDataset.issues)issue.path?issue.path.unshift(pathItem):issue.path=[pathItem],dataset.issues?.push(issue);if(dataset.issues||(dataset.issues=valueDataset.issues),config$1.abortEarly){dataset.typed=!1;break}}valueDataset.typed||(dataset.typed=!1),dataset.value[key]=valueDataset.value}else if(valueSchema.fallback!==void 0)dataset.value[key]=getFallback(valueSchema);else if(valueSchema.type!=="exact_optional"&&valueSchema.type!=="optional"&&valueSchema.type!=="nullish"&&(_addIssue(this,"key",dataset,config$1,{input:void 0,expected:`"${key}"`,path:[{type:"object",origin:"key",input,key,value:input[key]}]}),config$1.abortEarly))break}if(!dataset.issues||!config$1.abortEarly)for(let key in input)_isValidObjectKey(input,key)&&!Object.prototype.hasOwnProperty.call(this.entries,key)&&(dataset.value[key]=input[key])}else _addIssue(this,"type",dataset,config$1);return dataset}})}function nullable(wrapped,default_){return _standardSchema({kind:"schema",type:"nullable",reference:nullable,expects:`(${wrapped.expects} | null)`,async:!1,wrapped,default:default_,"~run"(dataset,config$1){return dataset.value===null&&(this.default!==void 0&&(dataset.value=getDefault(this,dataset,config$1)),dataset.value===null)?(dataset.typed=!0,dataset):this.wrapped["~run"](dataset,config$1)}})}function number(message$1){return _standardSchema({kind:"schema",type:"number",reference:number,expects:"number",async:!1,message:message$1,"~run"(dataset,config$1){return typeof dataset.value=="number"&&!isNaN(dataset.value)?dataset.typed=!0:_addIssue(this,"type",dataset,config$1),dataset}})}function optional(wrapped,default_){return _standardSchema({kind:"schema",type:"optional",reference:optional,expects:`(${wrapped.expects} | undefined)`,async:!1,wrapped,default:default_,"~run"(dataset,config$1){return dataset.value===void 0&&(this.default!==void 0&&(dataset.value=getDefault(this,dataset,config$1)),dataset.value===void 0)?(dataset.typed=!0,dataset):this.wrapped["~run"](dataset,config$1)}})}function picklist(options,message$1){return _standardSchema({kind:"schema",type:"picklist",reference:picklist,expects:_joinExpects(options.map(_stringify),"|"),async:!1,options,message:message$1,"~run"(dataset,config$1){return this.options.includes(dataset.value)?dataset.typed=!0:_addIssue(this,"type",dataset,config$1),dataset}})}function record(key,value$1,message$1){return _standardSchema({kind:"schema",type:"record",reference:record,expects:"Object",async:!1,key,value:value$1,message:message$1,"~run"(dataset,config$1){let input=dataset.value;if(input&&typeof input=="object"){dataset.typed=!0,dataset.value={};for(let entryKey in input)if(_isValidObjectKey(input,entryKey)){let entryValue=input[entryKey],keyDataset=this.key["~run"]({value:entryKey},config$1);if(keyDataset.issues){let pathItem={type:"object",origin:"key",input,key:entryKey,value:entryValue};for(let issue of keyDataset.issues)issue.path=[pathItem],dataset.issues?.push(issue);if(dataset.issues||(dataset.issues=keyDataset.issues),config$1.abortEarly){dataset.typed=!1;break}}let valueDataset=this.value["~run"]({value:entryValue},config$1);if(valueDataset.issues){let pathItem={type:"object",origin:"value",input,key:entryKey,value:entryValue};for(let issue of valueDataset.issues)issue.path?issue.path.unshift(pathItem):issue.path=[pathItem],dataset.issues?.push(issue);if(dataset.issues||(dataset.issues=valueDataset.issues),config$1.abortEarly){dataset.typed=!1;break}}(!keyDataset.typed||!valueDataset.typed)&&(dataset.typed=!1),keyDataset.typed&&(dataset.value[keyDataset.value]=valueDataset.value)}}else _addIssue(this,"type",dataset,config$1);return dataset}})}function string(message$1){return _standardSchema({kind:"schema",type:"string",reference:string,expects:"string",async:!1,message:message$1,"~run"(dataset,config$1){return typeof dataset.value=="string"?dataset.typed=!0:_addIssue(this,"type",dataset,config$1),dataset}})}function unknown(){return _standardSchema({kind:"schema",type:"unknown",reference:unknown,expects:"unknown",async:!1,"~run"(dataset){return dataset.typed=!0,dataset}})}function pipe(...pipe$1){return _standardSchema({...pipe$1[0],pipe:pipe$1,"~run"(dataset,config$1){for(let item of pipe$1)if(item.kind!=="metadata"){if(dataset.issues&&(item.kind==="schema"||item.kind==="transformation")){dataset.typed=!1;break}(!dataset.issues||!config$1.abortEarly&&!config$1.abortPipeEarly)&&(dataset=item["~run"](dataset,config$1))}return dataset}})}var common={session_id:pipe(string(),minLength(1),maxLength(512)),transcript_path:string(),cwd:string(),prompt_id:optional(string()),permission_mode:optional(string()),agent_id:optional(string()),agent_type:optional(string())},toolCommon={...common,tool_name:pipe(string(),minLength(1)),tool_input:record(string(),unknown()),tool_use_id:string()},schemas={SessionStart:looseObject({...common,hook_event_name:literal("SessionStart"),source:string(),model:optional(string()),context_tokens:optional(number())}),UserPromptSubmit:looseObject({...common,hook_event_name:literal("UserPromptSubmit"),prompt:string()}),PreToolUse:looseObject({...toolCommon,hook_event_name:literal("PreToolUse")}),PostToolUse:looseObject({...toolCommon,hook_event_name:literal("PostToolUse"),tool_response:unknown(),duration_ms:optional(number())}),PostToolUseFailure:looseObject({...toolCommon,hook_event_name:literal("PostToolUseFailure"),error:optional(string()),is_interrupt:optional(boolean()),duration_ms:optional(number())}),Stop:looseObject({...common,hook_event_name:literal("Stop"),stop_hook_active:optional(boolean()),last_assistant_message:optional(nullable(string()))}),SubagentStop:looseObject({...common,hook_event_name:literal("SubagentStop"),stop_hook_active:optional(boolean()),agent_transcript_path:optional(string()),last_assistant_message:optional(nullable(string()))}),PreCompact:looseObject({...common,hook_event_name:literal("PreCompact"),trigger:picklist(["manual","auto"]),custom_instructions:optional(nullable(string()))}),PostCompact:looseObject({...common,hook_event_name:literal("PostCompact"),trigger:optional(string()),compact_summary:optional(string())}),SessionEnd:looseObject({...common,hook_event_name:literal("SessionEnd"),reason:optional(string())})};var spec=process.env.CAIRN_FAILPOINT||void 0,[target,nth]=spec?parseSpec(spec):["",0];function parseSpec(s){let at=s.lastIndexOf("@");if(at<=0)return[s,1];let n=Number(s.slice(at+1));return[s.slice(0,at),Number.isInteger(n)&&n>0?n:1]}function setting(schema,def,doc){return{schema,default:def,doc}}var int=(min,max)=>pipe(number(),integer(),minValue(min),maxValue(max)),fraction=()=>pipe(number(),minValue(0),maxValue(1)),strings=()=>array(string());var COMPRESS_SETTINGS={"compress.enabled":setting(boolean(),!0,"Replace large tool outputs with content-aware excerpts."),"compress.min_bytes":setting(int(0,1e7),4096,"Outputs smaller than this are never compressed."),"compress.read_min_bytes":setting(int(0,1e7),24e3,"Read results smaller than this are never compressed (reading to edit must keep working)."),"compress.tools":setting(strings(),["Bash","Read","Grep","Glob","WebFetch","WebSearch","mcp"],"Tools whose outputs may be compressed ('mcp' means every MCP tool with text output)."),"compress.keep_recent":setting(int(0,1e3),2,"The most recent large tool results that `cairn slim` leaves whole. (Live, every output is the most recent when it arrives and nothing replaces it later, so live compression does not use this.)"),"compress.budget_fraction":setting(fraction(),.08,"Excerpt size as a fraction of the original."),"compress.budget_min_chars":setting(int(200,1e5),1200,"Smallest excerpt budget, in characters."),"compress.budget_max_chars":setting(int(500,25e3),6e3,"Largest excerpt budget, in characters."),"compress.never":setting(strings(),[],"Regular expressions: Bash commands or file paths matching any of them are never compressed."),"compress.redact":setting(boolean(),!0,"Mask secrets (keys, tokens, passwords) in stored originals and excerpts."),"run.enabled":setting(boolean(),!0,"Run Bash commands through cairn's runner so failing and huge outputs are compressed too."),"run.never":setting(strings(),[],"Regular expressions: Bash commands matching any of them are never wrapped by the runner."),"observe.enabled":setting(boolean(),!1,"Ask a model for an observation instead of the deterministic excerpt (opt-in)."),"observe.provider":setting(picklist(["api","claude"]),"api","Anthropic API (honours ANTHROPIC_BASE_URL) or a `claude -p` subprocess."),"observe.model":setting(string(),"claude-haiku-4-5","Model used for observations."),"observe.timeout_ms":setting(int(100,12e4),8e3,"Give up on the model after this long and use the excerpt.")};var CONTEXT_SETTINGS={"monitor.enabled":setting(boolean(),!0,"Warn the agent (not only you) when its context window runs low."),"monitor.warn_remaining_pct":setting(int(1,99),35,"Warn the agent when remaining context falls to this percentage."),"monitor.critical_remaining_pct":setting(int(1,99),25,"Critical warning at this remaining percentage."),"monitor.debounce_tool_uses":setting(int(0,1e3),5,"Tool uses between repeated warnings of the same level."),"monitor.metrics_max_age_s":setting(int(1,3600),60,"Statusline metrics older than this are not trusted."),"monitor.hide_after_min":setting(int(1,1440),15,"cairn monitor hides sessions with no activity for this many minutes (--all shows them).")};var MEMORY_SETTINGS={"memory.enabled":setting(boolean(),!0,"Ingest conversation and tool I/O into the layered memory."),"memory.recent_turns":setting(int(1,200),6,"Turns kept verbatim (L2) in a resume; older turns become L1 lines."),"memory.inject_chars":setting(int(1e3,9800),9e3,"Largest resume injection (Claude Code cuts additionalContext at 10,000)."),"memory.handoff_ttl_min":setting(int(1,10080),60,"A handoff baton older than this is ignored."),"memory.ingest_ms":setting(int(50,3e4),1500,"Time one hook may spend ingesting; a long backlog continues at the next event."),"memory.summarizer":setting(picklist(["extractive","api","claude"]),"extractive","How L1 one-line summaries are written: extractive (no model), the Anthropic API, or `claude -p`."),"memory.summarizer_model":setting(string(),"claude-haiku-4-5","Model for model-written L1 summaries."),"memory.summarizer_timeout_ms":setting(int(500,3e5),3e4,"Give up on the model after this long and keep the extractive summaries."),"memory.slim_min_chars":setting(int(500,1e7),4096,"`cairn slim` rewrites tool results at least this long.")};var NOTEBOOK_SETTINGS={"notebook.enabled":setting(boolean(),!0,"Keep .cairn/STATE.md and restore it into every session."),"notebook.restore_max_chars":setting(int(1500,9e3),6e3,"Largest notebook restore at session start, in characters (Goal and Now first, the path for the rest)."),"anchor.enabled":setting(boolean(),!0,"Pin goal and context health to each prompt."),"anchor.max_tokens":setting(int(50,2e3),400,"Largest anchor, in estimated tokens."),"advisor.suggest_used_pct":setting(int(1,99),55,"Suggest compacting at the next task boundary from this usage."),"advisor.urge_used_pct":setting(int(1,99),70,"Recommend compacting now from this usage."),"precompact.instructions":setting(boolean(),!0,"Add cairn's keep/drop instructions to every compaction (manual and automatic)."),"precompact.block_stale":setting(boolean(),!0,"Block one stale automatic compaction per session until STATE.md is updated."),"precompact.stale_output_tokens":setting(int(0,1e6),2e4,"Output since STATE.md last changed that makes the notebook stale."),"precompact.keep_snapshots":setting(int(1,1e4),50,"Snapshots kept per project in ~/.cairn/snapshots (oldest removed first)."),"nudge.read":setting(boolean(),!0,"Suggest offset/limit for unbounded reads of large files."),"nudge.read_min_bytes":setting(int(1024,1e8),5e4,"A Read without offset/limit of a text file at least this large gets the offset/limit note."),"nudge.subagent_model":setting(boolean(),!0,"Suggest an explicit, cheaper model for subagents.")};var RETENTION_SETTINGS={"retention.days":setting(int(1,3650),30,"Sessions not seen for this many days are removed with everything cairn stored for them."),"retention.max_mb":setting(int(16,1e6),1024,"Largest size of cairn's database; past it the oldest stored originals go first, then the oldest sessions."),"retention.auto":setting(boolean(),!0,"Apply the retention policy at the end of turns (at most every retention.every_min, sooner when over size)."),"retention.every_min":setting(int(1,10080),60,"Minutes between automatic retention runs.")};var CORE_SETTINGS={enabled:setting(boolean(),!0,"Master switch for cairn in this scope (also: cairn off / cairn on)."),"hook.budget_ms":setting(int(100,6e4),4e3,"Time a hook may take before cairn answers with a no-op (Claude Code's own timeout is longer)."),"hook.max_stdin_mb":setting(int(1,512),16,"Hook inputs larger than this are passed through untouched."),"log.level":setting(picklist(["debug","info","warn","error"]),"info","Minimum level written to ~/.cairn/logs.")},SETTINGS={...CORE_SETTINGS,...COMPRESS_SETTINGS,...CONTEXT_SETTINGS,...NOTEBOOK_SETTINGS,...MEMORY_SETTINGS,...RETENTION_SETTINGS};var RECURSION_GUARD="CAIRN_HOOKS_OFF";var LOG_MAX_BYTES=1024*1024;var on=process.env.CAIRN_TRACE==="1",g=globalThis;if(on&&!g.__cairnMarks){let marks=[["node-ready",performance.now()]];g.__cairnMarks=marks,process.on("exit",()=>{marks.push(["exit",performance.now()]),process.stderr.write(`${JSON.stringify({trace:marks.map(([k,t])=>[k,Math.round(t*100)/100])})}
`)})}var CONTEXT_SCHEMA=`
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
`;var SCHEMA_SQL=[CORE_SCHEMA,CONTEXT_SCHEMA,MEMORY_SCHEMA,RETENTION_SCHEMA,CONTEXT_SCHEMA_4,RETENTION_SCHEMA_5],MIGRATIONS=[CORE_SCHEMA,CONTEXT_SCHEMA,MEMORY_SCHEMA,db=>reconcileSchema(db,SCHEMA_SQL),db=>reconcileSchema(db,SCHEMA_SQL)],SCHEMA_VERSION=MIGRATIONS.length;function oneLine(text){let command=/<command-name>([^<]*)<\/command-name>/.exec(text)?.[1],args=/<command-args>([^<]*)<\/command-args>/.exec(text)?.[1];return(command?`${command.trim()}${args?.trim()?` ${args.trim()}`:""}`:text.replace(/<\/?[a-z][a-z0-9-]*>/gi," ")).replace(/\s+/g," ").trim()}function clip(text,max){if(text.length<=max)return text;let cut=text.slice(0,max-1),space=cut.lastIndexOf(" ");return`${space>max*.6?cut.slice(0,space):cut}\u2026`}var LINE_CHARS=160;function summaryPrompt(digests){return["Summarise each turn of a coding session in ONE line of at most 140 characters: what was asked and what came of it.","Keep file names, identifiers, numbers and error names exact. No preamble.","Answer with exactly one line per turn, in the form `T<number>: <summary>`, and nothing else.","",...digests.map(d=>[`T${d.turn}:`,`  request: ${clip(oneLine(d.request),600)}`,`  conclusion: ${clip(oneLine(d.conclusion),600)}`,d.files.length?`  files: ${d.files.slice(0,12).join(", ")}`:"",d.tools?`  tool calls: ${d.tools}${d.failed?` (${d.failed} failed)`:""}`:""].filter(Boolean).join(`
`))].join(`
`)}function parseSummaryLines(text,turns){let wanted=new Set(turns),out=new Map;for(let line of text.split(`
`)){let m=/^\s*[-*]?\s*T(\d+)\s*[:.)-]\s*(.+)$/.exec(line);if(!m)continue;let turn=Number(m[1]),summary=clip(oneLine(m[2]),LINE_CHARS);wanted.has(turn)&&summary&&!out.has(turn)&&out.set(turn,summary)}return out}async function summarizeWithModel(digests,opts){if(digests.length===0)return new Map;let prompt=summaryPrompt(digests),text=opts.provider==="api"?await viaApi(prompt,digests.length,opts):await viaClaude(prompt,opts);return parseSummaryLines(text,digests.map(d=>d.turn))}async function viaApi(prompt,turns,opts){let apiKey=opts.env.ANTHROPIC_API_KEY,authToken=opts.env.ANTHROPIC_AUTH_TOKEN;if(!apiKey&&!authToken)throw new Error("no ANTHROPIC_API_KEY or ANTHROPIC_AUTH_TOKEN for the api summariser");let{default:Anthropic}=await Promise.resolve().then(()=>require("./pkg-anthropic-ai-sdk.cjs"));return(await new Anthropic({apiKey:apiKey??null,authToken:authToken??null,...opts.env.ANTHROPIC_BASE_URL?{baseURL:opts.env.ANTHROPIC_BASE_URL}:{},timeout:opts.timeoutMs,maxRetries:0}).messages.create({model:opts.model,max_tokens:Math.min(8e3,64*turns+256),messages:[{role:"user",content:prompt}]})).content.map(b=>b.type==="text"?b.text:"").join(`
`)}function viaClaude(prompt,opts){let cwd=(0,import_node_fs.mkdtempSync)((0,import_node_path.join)((0,import_node_os.tmpdir)(),"cairn-summarize-")),args=["-p","--model",opts.model,"--tools","","--no-session-persistence","--strict-mcp-config","--output-format","text"];return new Promise((resolve,reject)=>{let child=(0,import_node_child_process.spawn)(opts.claudeBin??"claude",args,{cwd,env:{...opts.env,[RECURSION_GUARD]:"1"},stdio:["pipe","pipe","pipe"]}),stdout="",stderr="";child.stdout.setEncoding("utf8").on("data",d=>{stdout+=d}),child.stderr.setEncoding("utf8").on("data",d=>{stderr+=d});let timer=setTimeout(()=>{child.kill("SIGKILL"),reject(new Error(`claude -p did not answer within ${opts.timeoutMs} ms`))},opts.timeoutMs);child.on("error",err=>{clearTimeout(timer),reject(err)}),child.on("close",code=>{clearTimeout(timer),code===0?resolve(stdout):reject(new Error(`claude -p exited ${code}: ${stderr.trim().slice(0,300)}`))}),child.stdin.on("error",()=>{}),child.stdin.end(prompt)}).finally(()=>(0,import_node_fs.rmSync)(cwd,{recursive:!0,force:!0}))}0&&(module.exports={parseSummaryLines,summarizeWithModel,summaryPrompt});
