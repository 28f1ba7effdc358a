"use strict";var __create=Object.create;var __defProp=Object.defineProperty;var __getOwnPropDesc=Object.getOwnPropertyDescriptor;var __getOwnPropNames=Object.getOwnPropertyNames;var __getProtoOf=Object.getPrototypeOf,__hasOwnProp=Object.prototype.hasOwnProperty;var __commonJS=(cb,mod)=>function(){try{return mod||(0,cb[__getOwnPropNames(cb)[0]])((mod={exports:{}}).exports,mod),mod.exports}catch(e){throw mod=0,e}};var __export=(target,all)=>{for(var name in all)__defProp(target,name,{get:all[name],enumerable:!0})},__copyProps=(to,from,except,desc)=>{if(from&&typeof from=="object"||typeof from=="function")for(let key of __getOwnPropNames(from))!__hasOwnProp.call(to,key)&&key!==except&&__defProp(to,key,{get:()=>from[key],enumerable:!(desc=__getOwnPropDesc(from,key))||desc.enumerable});return to};var __toESM=(mod,isNodeMode,target)=>(target=mod!=null?__create(__getProtoOf(mod)):{},__copyProps(isNodeMode||!mod||!mod.__esModule?__defProp(target,"default",{value:mod,enumerable:!0}):target,mod)),__toCommonJS=mod=>__copyProps(__defProp({},"__esModule",{value:!0}),mod);var require_picocolors=__commonJS({"node_modules/picocolors/picocolors.js"(exports2,module2){var p=process||{},argv=p.argv||[],env=p.env||{},isColorSupported=!(env.NO_COLOR||argv.includes("--no-color"))&&(!!env.FORCE_COLOR||argv.includes("--color")||p.platform==="win32"||(p.stdout||{}).isTTY&&env.TERM!=="dumb"||!!env.CI),formatter=(open,close,replace=open)=>input=>{let string2=""+input,index=string2.indexOf(close,open.length);return~index?open+replaceClose(string2,close,replace,index)+close:open+string2+close},replaceClose=(string2,close,replace,index)=>{let result="",cursor=0;do result+=string2.substring(cursor,index)+replace,cursor=index+close.length,index=string2.indexOf(close,cursor);while(~index);return result+string2.substring(cursor)},createColors=(enabled=isColorSupported)=>{let f=enabled?formatter:()=>String;return{isColorSupported:enabled,reset:f("\x1B[0m","\x1B[0m"),bold:f("\x1B[1m","\x1B[22m","\x1B[22m\x1B[1m"),dim:f("\x1B[2m","\x1B[22m","\x1B[22m\x1B[2m"),italic:f("\x1B[3m","\x1B[23m"),underline:f("\x1B[4m","\x1B[24m"),inverse:f("\x1B[7m","\x1B[27m"),hidden:f("\x1B[8m","\x1B[28m"),strikethrough:f("\x1B[9m","\x1B[29m"),black:f("\x1B[30m","\x1B[39m"),red:f("\x1B[31m","\x1B[39m"),green:f("\x1B[32m","\x1B[39m"),yellow:f("\x1B[33m","\x1B[39m"),blue:f("\x1B[34m","\x1B[39m"),magenta:f("\x1B[35m","\x1B[39m"),cyan:f("\x1B[36m","\x1B[39m"),white:f("\x1B[37m","\x1B[39m"),gray:f("\x1B[90m","\x1B[39m"),bgBlack:f("\x1B[40m","\x1B[49m"),bgRed:f("\x1B[41m","\x1B[49m"),bgGreen:f("\x1B[42m","\x1B[49m"),bgYellow:f("\x1B[43m","\x1B[49m"),bgBlue:f("\x1B[44m","\x1B[49m"),bgMagenta:f("\x1B[45m","\x1B[49m"),bgCyan:f("\x1B[46m","\x1B[49m"),bgWhite:f("\x1B[47m","\x1B[49m"),blackBright:f("\x1B[90m","\x1B[39m"),redBright:f("\x1B[91m","\x1B[39m"),greenBright:f("\x1B[92m","\x1B[39m"),yellowBright:f("\x1B[93m","\x1B[39m"),blueBright:f("\x1B[94m","\x1B[39m"),magentaBright:f("\x1B[95m","\x1B[39m"),cyanBright:f("\x1B[96m","\x1B[39m"),whiteBright:f("\x1B[97m","\x1B[39m"),bgBlackBright:f("\x1B[100m","\x1B[49m"),bgRedBright:f("\x1B[101m","\x1B[49m"),bgGreenBright:f("\x1B[102m","\x1B[49m"),bgYellowBright:f("\x1B[103m","\x1B[49m"),bgBlueBright:f("\x1B[104m","\x1B[49m"),bgMagentaBright:f("\x1B[105m","\x1B[49m"),bgCyanBright:f("\x1B[106m","\x1B[49m"),bgWhiteBright:f("\x1B[107m","\x1B[49m")}};module2.exports=createColors();module2.exports.createColors=createColors}});var doctor_exports={};__export(doctor_exports,{doctor:()=>doctor,nodeVersionOk:()=>nodeVersionOk,recentLogErrors:()=>recentLogErrors,runChecks:()=>runChecks});module.exports=__toCommonJS(doctor_exports);var import_node_child_process=require("node:child_process"),import_node_fs6=require("node:fs"),import_node_path8=require("node:path");function parseSettings(text){if(text===void 0||text.trim()==="")return{ok:!0,settings:{},indent:"  ",trailingNewline:!0};let data;try{data=JSON.parse(text)}catch(err){return{ok:!1,problem:`not strict JSON${/\/\/|\/\*/.test(text)?" (it has comments: JSONC)":/,\s*[}\]]/.test(text)?" (trailing comma)":""}: ${err.message}`}}if(data===null||typeof data!="object"||Array.isArray(data))return{ok:!1,problem:"the top level is not a JSON object"};let settings=data;return settings.hooks!==void 0&&(typeof settings.hooks!="object"||Array.isArray(settings.hooks))?{ok:!1,problem:'"hooks" is not an object'}:{ok:!0,settings,indent:detectIndent(text),trailingNewline:text.endsWith(`
`)}}function detectIndent(text){return/\n([ \t]+)\S/.exec(text)?.[1]??"  "}function isCairnHook(hook){if(hook.type==="http")return typeof hook.url=="string"&&/\/cairn\/hook\//.test(hook.url);if(hook.type!=="command")return!1;let args=Array.isArray(hook.args)?hook.args.map(String):[];return args.length>=2&&/cairn(\.[cm]?js)?$/.test(args[0]??"")&&args[1]==="hook"?!0:typeof hook.command=="string"&&/cairn(\.[cm]?js)?["']?\s+hook\s+\w+/.test(hook.command)}function isCairnStatusLine(statusLine){let cmd=statusLine?.command;return typeof cmd=="string"&&/cairn(\.[cm]?js)?["']?\s+statusline\b/.test(cmd)}var HOOK_TIMEOUT_S={SessionStart:15,UserPromptSubmit:10,PreToolUse:10,PostToolUse:15,PostToolUseFailure:10,Stop:20,SubagentStop:20,PreCompact:15,PostCompact:10,SessionEnd:10};var INSTALLED_EVENTS=Object.keys(HOOK_TIMEOUT_S);var import_node_path2=require("node:path");var import_node_os=require("node:os"),import_node_path=require("node:path");function fnv1a64(text){let h1=2166136261,h2=3421674724;for(let i=0;i<text.length;i++){let c=text.charCodeAt(i);h1=Math.imul(h1^c,16777619)>>>0,h2=Math.imul(h2^c^h1>>>16,16777619)>>>0}return h2.toString(16).padStart(8,"0")+h1.toString(16).padStart(8,"0")}function cairnHome(env=process.env){return env.CAIRN_HOME&&(0,import_node_path.isAbsolute)(env.CAIRN_HOME)?(0,import_node_path.resolve)(env.CAIRN_HOME):(0,import_node_path.join)(homeDir(env),".cairn")}function homeDir(env=process.env){return(0,import_node_path.resolve)(env.HOME&&(0,import_node_path.isAbsolute)(env.HOME)?env.HOME:(0,import_node_os.userInfo)().homedir||(0,import_node_os.homedir)())}function cairnPaths(root=cairnHome()){let logs=(0,import_node_path.join)(root,"logs");return{root,db:(0,import_node_path.join)(root,"cairn.db"),config:(0,import_node_path.join)(root,"config.yaml"),logs,log:(0,import_node_path.join)(logs,"cairn.log"),offSwitch:(0,import_node_path.join)(root,"off"),lastError:(0,import_node_path.join)(root,"last-error.json"),sessions:(0,import_node_path.join)(root,"sessions"),projects:(0,import_node_path.join)(root,"projects"),snapshots:(0,import_node_path.join)(root,"snapshots"),install:(0,import_node_path.join)(root,"install"),cache:(0,import_node_path.join)(root,"cache")}}function projectKey(projectDir){let dir=(0,import_node_path.resolve)(projectDir),name=(0,import_node_path.basename)(dir).replace(/[^A-Za-z0-9_.-]/g,"_").slice(0,40)||"root",hash=fnv1a64(dir).slice(0,8);return`${name}-${hash}`}function projectStateDir(paths,projectDir){return(0,import_node_path.join)(paths.projects,projectKey(projectDir))}function claudeDir(env=process.env){return(0,import_node_path2.join)(homeDir(env),".claude")}function settingsPath(scope,projectDir,env=process.env){return scope==="user"?(0,import_node_path2.join)(claudeDir(env),"settings.json"):(0,import_node_path2.join)(projectDir,".claude","settings.json")}var import_node_fs2=require("node:fs"),import_node_path4=require("node:path");var import_node_fs=require("node:fs"),import_node_path3=require("node:path"),DIR_MODE=448,FILE_MODE=384;function ensureDir(dir){(0,import_node_fs.mkdirSync)(dir,{recursive:!0,mode:DIR_MODE})}var tmpSuffix=()=>Math.random().toString(36).slice(2,10);function writeFileAtomic(path,data,mode=FILE_MODE){ensureDir((0,import_node_path3.dirname)(path));let tmp=`${path}.${process.pid}.${tmpSuffix()}.tmp`,fd=(0,import_node_fs.openSync)(tmp,"w",mode);try{(0,import_node_fs.writeSync)(fd,typeof data=="string"?Buffer.from(data):data),(0,import_node_fs.fsyncSync)(fd)}catch(err){throw(0,import_node_fs.closeSync)(fd),safeUnlink(tmp),err}(0,import_node_fs.closeSync)(fd);try{(0,import_node_fs.renameSync)(tmp,path)}catch(err){throw safeUnlink(tmp),err}}function readTextIfExists(path){try{return(0,import_node_fs.readFileSync)(path,"utf8")}catch(err){if(isNotFound(err))return;throw err}}function readJsonIfExists(path){let text=readTextIfExists(path);if(text!==void 0)try{return JSON.parse(text)}catch{return}}function safeUnlink(path){try{(0,import_node_fs.unlinkSync)(path)}catch{}}function isNotFound(err){return typeof err=="object"&&err!==null&&err.code==="ENOENT"}function errorMessage(err){return err instanceof Error?err.message:String(err)}var store$4,DEFAULT_CONFIG={lang:void 0,message:void 0,abortEarly:void 0,abortPipeEarly:void 0};function getGlobalConfig(config$1){return!config$1&&!store$4?DEFAULT_CONFIG:{lang:config$1?.lang??store$4?.lang,message:config$1?.message,abortEarly:config$1?.abortEarly??store$4?.abortEarly,abortPipeEarly:config$1?.abortPipeEarly??store$4?.abortPipeEarly}}var store$3;function getGlobalMessage(lang){return store$3?.get(lang)}var store$2;function getSchemaMessage(lang){return store$2?.get(lang)}var store$1;function getSpecificMessage(reference,lang){return store$1?.get(reference)?.get(lang)}function _stringify(input){let type=typeof input;return type==="string"?`"${input}"`:type==="number"||type==="bigint"||type==="boolean"?`${input}`:type==="object"||type==="function"?(input&&Object.getPrototypeOf(input)?.constructor?.name)??"null":type}function _addIssue(context,label,dataset,config$1,other){let input=other&&"input"in other?other.input:dataset.value,expected=other?.expected??context.expects??null,received=other?.received??_stringify(input),issue={kind:context.kind,type:context.type,input,expected,received,message:`Invalid ${label}: ${expected?`Expected ${expected} but r`:"R"}eceived ${received}`,requirement:context.requirement,path:other?.path,issues:other?.issues,lang:config$1.lang,abortEarly:config$1.abortEarly,abortPipeEarly:config$1.abortPipeEarly},isSchema=context.kind==="schema",message$1=other?.message??context.message??getSpecificMessage(context.reference,issue.lang)??(isSchema?getSchemaMessage(issue.lang):null)??config$1.message??getGlobalMessage(issue.lang);message$1!==void 0&&(issue.message=typeof message$1=="function"?message$1(issue):message$1),isSchema&&(dataset.typed=!1),dataset.issues?dataset.issues.push(issue):dataset.issues=[issue]}function _joinExpects(values$1,separator){let list=[...new Set(values$1)];return list.length>1?`(${list.join(` ${separator} `)})`:list[0]??"never"}function _standardSchema(schema){return schema["~standard"]={version:1,vendor:"valibot",validate:value$1=>schema["~run"]({value:value$1},getGlobalConfig())},schema}var EMOJI_REGEX=new RegExp("^(?:[\\u{1F1E6}-\\u{1F1FF}]{2}|\\u{1F3F4}[\\u{E0061}-\\u{E007A}]{2}[\\u{E0030}-\\u{E0039}\\u{E0061}-\\u{E007A}]{1,3}\\u{E007F}|(?:\\p{Emoji}\\uFE0F\\u20E3?|\\p{Emoji_Modifier_Base}\\p{Emoji_Modifier}?|(?![\\p{Emoji_Modifier_Base}\\u{1F1E6}-\\u{1F1FF}])\\p{Emoji_Presentation})(?:\\u200D(?:\\p{Emoji}\\uFE0F\\u20E3?|\\p{Emoji_Modifier_Base}\\p{Emoji_Modifier}?|(?![\\p{Emoji_Modifier_Base}\\u{1F1E6}-\\u{1F1FF}])\\p{Emoji_Presentation}))*)+$","u");function integer(message$1){return{kind:"validation",type:"integer",reference:integer,async:!1,expects:null,requirement:Number.isInteger,message:message$1,"~run"(dataset,config$1){return dataset.typed&&!this.requirement(dataset.value)&&_addIssue(this,"integer",dataset,config$1),dataset}}}function maxValue(requirement,message$1){return{kind:"validation",type:"max_value",reference:maxValue,async:!1,expects:`<=${requirement instanceof Date?requirement.toJSON():_stringify(requirement)}`,requirement,message:message$1,"~run"(dataset,config$1){return dataset.typed&&!(dataset.value<=this.requirement)&&_addIssue(this,"value",dataset,config$1,{received:dataset.value instanceof Date?dataset.value.toJSON():_stringify(dataset.value)}),dataset}}}function minValue(requirement,message$1){return{kind:"validation",type:"min_value",reference:minValue,async:!1,expects:`>=${requirement instanceof Date?requirement.toJSON():_stringify(requirement)}`,requirement,message:message$1,"~run"(dataset,config$1){return dataset.typed&&!(dataset.value>=this.requirement)&&_addIssue(this,"value",dataset,config$1,{received:dataset.value instanceof Date?dataset.value.toJSON():_stringify(dataset.value)}),dataset}}}function array(item,message$1){return _standardSchema({kind:"schema",type:"array",reference:array,expects:"Array",async:!1,item,message:message$1,"~run"(dataset,config$1){let input=dataset.value;if(Array.isArray(input)){dataset.typed=!0,dataset.value=[];for(let key=0;key<input.length;key++){let value$1=input[key],itemDataset=this.item["~run"]({value:value$1},config$1);if(itemDataset.issues){let pathItem={type:"array",origin:"value",input,key,value:value$1};for(let issue of itemDataset.issues)issue.path?issue.path.unshift(pathItem):issue.path=[pathItem],dataset.issues?.push(issue);if(dataset.issues||(dataset.issues=itemDataset.issues),config$1.abortEarly){dataset.typed=!1;break}}itemDataset.typed||(dataset.typed=!1),dataset.value.push(itemDataset.value)}}else _addIssue(this,"type",dataset,config$1);return dataset}})}function boolean(message$1){return _standardSchema({kind:"schema",type:"boolean",reference:boolean,expects:"boolean",async:!1,message:message$1,"~run"(dataset,config$1){return typeof dataset.value=="boolean"?dataset.typed=!0:_addIssue(this,"type",dataset,config$1),dataset}})}function number(message$1){return _standardSchema({kind:"schema",type:"number",reference:number,expects:"number",async:!1,message:message$1,"~run"(dataset,config$1){return typeof dataset.value=="number"&&!isNaN(dataset.value)?dataset.typed=!0:_addIssue(this,"type",dataset,config$1),dataset}})}function picklist(options,message$1){return _standardSchema({kind:"schema",type:"picklist",reference:picklist,expects:_joinExpects(options.map(_stringify),"|"),async:!1,options,message:message$1,"~run"(dataset,config$1){return this.options.includes(dataset.value)?dataset.typed=!0:_addIssue(this,"type",dataset,config$1),dataset}})}function string(message$1){return _standardSchema({kind:"schema",type:"string",reference:string,expects:"string",async:!1,message:message$1,"~run"(dataset,config$1){return typeof dataset.value=="string"?dataset.typed=!0:_addIssue(this,"type",dataset,config$1),dataset}})}function pipe(...pipe$1){return _standardSchema({...pipe$1[0],pipe:pipe$1,"~run"(dataset,config$1){for(let item of pipe$1)if(item.kind!=="metadata"){if(dataset.issues&&(item.kind==="schema"||item.kind==="transformation")){dataset.typed=!1;break}(!dataset.issues||!config$1.abortEarly&&!config$1.abortPipeEarly)&&(dataset=item["~run"](dataset,config$1))}return dataset}})}function safeParse(schema,input,config$1){let dataset=schema["~run"]({value:input},getGlobalConfig(config$1));return{typed:dataset.typed,success:!dataset.issues,output:dataset.value,issues:dataset.issues}}function setting(schema,def,doc){return{schema,default:def,doc}}var int=(min,max)=>pipe(number(),integer(),minValue(min),maxValue(max)),fraction=()=>pipe(number(),minValue(0),maxValue(1)),strings=()=>array(string());var COMPRESS_SETTINGS={"compress.enabled":setting(boolean(),!0,"Replace large tool outputs with content-aware excerpts."),"compress.min_bytes":setting(int(0,1e7),4096,"Outputs smaller than this are never compressed."),"compress.read_min_bytes":setting(int(0,1e7),24e3,"Read results smaller than this are never compressed (reading to edit must keep working)."),"compress.tools":setting(strings(),["Bash","Read","Grep","Glob","WebFetch","WebSearch","mcp"],"Tools whose outputs may be compressed ('mcp' means every MCP tool with text output)."),"compress.keep_recent":setting(int(0,1e3),2,"The most recent large tool results that `cairn slim` leaves whole. (Live, every output is the most recent when it arrives and nothing replaces it later, so live compression does not use this.)"),"compress.budget_fraction":setting(fraction(),.08,"Excerpt size as a fraction of the original."),"compress.budget_min_chars":setting(int(200,1e5),1200,"Smallest excerpt budget, in characters."),"compress.budget_max_chars":setting(int(500,25e3),6e3,"Largest excerpt budget, in characters."),"compress.never":setting(strings(),[],"Regular expressions: Bash commands or file paths matching any of them are never compressed."),"compress.redact":setting(boolean(),!0,"Mask secrets (keys, tokens, passwords) in stored originals and excerpts."),"run.enabled":setting(boolean(),!0,"Run Bash commands through cairn's runner so failing and huge outputs are compressed too."),"run.never":setting(strings(),[],"Regular expressions: Bash commands matching any of them are never wrapped by the runner."),"observe.enabled":setting(boolean(),!1,"Ask a model for an observation instead of the deterministic excerpt (opt-in)."),"observe.provider":setting(picklist(["api","claude"]),"api","Anthropic API (honours ANTHROPIC_BASE_URL) or a `claude -p` subprocess."),"observe.model":setting(string(),"claude-haiku-4-5","Model used for observations."),"observe.timeout_ms":setting(int(100,12e4),8e3,"Give up on the model after this long and use the excerpt.")};var CONTEXT_SETTINGS={"monitor.enabled":setting(boolean(),!0,"Warn the agent (not only you) when its context window runs low."),"monitor.warn_remaining_pct":setting(int(1,99),35,"Warn the agent when remaining context falls to this percentage."),"monitor.critical_remaining_pct":setting(int(1,99),25,"Critical warning at this remaining percentage."),"monitor.debounce_tool_uses":setting(int(0,1e3),5,"Tool uses between repeated warnings of the same level."),"monitor.metrics_max_age_s":setting(int(1,3600),60,"Statusline metrics older than this are not trusted."),"monitor.hide_after_min":setting(int(1,1440),15,"cairn monitor hides sessions with no activity for this many minutes (--all shows them).")};var MEMORY_SETTINGS={"memory.enabled":setting(boolean(),!0,"Ingest conversation and tool I/O into the layered memory."),"memory.recent_turns":setting(int(1,200),6,"Turns kept verbatim (L2) in a resume; older turns become L1 lines."),"memory.inject_chars":setting(int(1e3,9800),9e3,"Largest resume injection (Claude Code cuts additionalContext at 10,000)."),"memory.handoff_ttl_min":setting(int(1,10080),60,"A handoff baton older than this is ignored."),"memory.ingest_ms":setting(int(50,3e4),1500,"Time one hook may spend ingesting; a long backlog continues at the next event."),"memory.summarizer":setting(picklist(["extractive","api","claude"]),"extractive","How L1 one-line summaries are written: extractive (no model), the Anthropic API, or `claude -p`."),"memory.summarizer_model":setting(string(),"claude-haiku-4-5","Model for model-written L1 summaries."),"memory.summarizer_timeout_ms":setting(int(500,3e5),3e4,"Give up on the model after this long and keep the extractive summaries."),"memory.slim_min_chars":setting(int(500,1e7),4096,"`cairn slim` rewrites tool results at least this long.")};var NOTEBOOK_SETTINGS={"notebook.enabled":setting(boolean(),!0,"Keep .cairn/STATE.md and restore it into every session."),"notebook.restore_max_chars":setting(int(1500,9e3),6e3,"Largest notebook restore at session start, in characters (Goal and Now first, the path for the rest)."),"anchor.enabled":setting(boolean(),!0,"Pin goal and context health to each prompt."),"anchor.max_tokens":setting(int(50,2e3),400,"Largest anchor, in estimated tokens."),"advisor.suggest_used_pct":setting(int(1,99),55,"Suggest compacting at the next task boundary from this usage."),"advisor.urge_used_pct":setting(int(1,99),70,"Recommend compacting now from this usage."),"precompact.instructions":setting(boolean(),!0,"Add cairn's keep/drop instructions to every compaction (manual and automatic)."),"precompact.block_stale":setting(boolean(),!0,"Block one stale automatic compaction per session until STATE.md is updated."),"precompact.stale_output_tokens":setting(int(0,1e6),2e4,"Output since STATE.md last changed that makes the notebook stale."),"precompact.keep_snapshots":setting(int(1,1e4),50,"Snapshots kept per project in ~/.cairn/snapshots (oldest removed first)."),"nudge.read":setting(boolean(),!0,"Suggest offset/limit for unbounded reads of large files."),"nudge.read_min_bytes":setting(int(1024,1e8),5e4,"A Read without offset/limit of a text file at least this large gets the offset/limit note."),"nudge.subagent_model":setting(boolean(),!0,"Suggest an explicit, cheaper model for subagents.")};var CORE_SETTINGS={enabled:setting(boolean(),!0,"Master switch for cairn in this scope (also: cairn off / cairn on)."),"hook.budget_ms":setting(int(100,6e4),4e3,"Time a hook may take before cairn answers with a no-op (Claude Code's own timeout is longer)."),"hook.max_stdin_mb":setting(int(1,512),16,"Hook inputs larger than this are passed through untouched."),"log.level":setting(picklist(["debug","info","warn","error"]),"info","Minimum level written to ~/.cairn/logs.")},SETTINGS={...CORE_SETTINGS,...COMPRESS_SETTINGS,...CONTEXT_SETTINGS,...NOTEBOOK_SETTINGS,...MEMORY_SETTINGS};function defaults(){let out2={};for(let[key,s]of Object.entries(SETTINGS))out2[key]=s.default;return out2}function isSettingKey(key){return Object.hasOwn(SETTINGS,key)}function checkSetting(key,value){let result=safeParse(SETTINGS[key].schema,value);return result.success?{ok:!0,value:result.output}:{ok:!1,problem:result.issues.map(i=>i.message).join("; ")}}function resolveConfig(layers){let config={...defaults()},origin={};for(let key of Object.keys(config))origin[key]="default";let issues=[];for(let layer of layers){if(layer.parseError){issues.push({path:layer.path,problem:`cannot parse: ${layer.parseError}`});continue}if(!(layer.data===null||layer.data===void 0)){if(typeof layer.data!="object"||Array.isArray(layer.data)){issues.push({path:layer.path,problem:"expected a mapping of settings at the top level"});continue}for(let[key,value]of Object.entries(flatten(layer.data))){if(!isSettingKey(key)){issues.push({path:layer.path,key,problem:"unknown setting (ignored)"});continue}let checked=checkSetting(key,value);checked.ok?(config[key]=checked.value,origin[key]=layer.source):issues.push({path:layer.path,key,problem:`${checked.problem}; using ${JSON.stringify(config[key])}`})}}}return{config,origin,issues}}function flatten(obj,prefix=""){let out2={};for(let[k,value]of Object.entries(obj)){let key=prefix?`${prefix}.${k}`:k;value!==null&&typeof value=="object"&&!Array.isArray(value)&&!isSettingKey(key)?Object.assign(out2,flatten(value,key)):out2[key]=value}return out2}function projectConfigPath(projectDir){return(0,import_node_path4.join)(projectDir,".claude","cairn.yaml")}var CACHE_VERSION=2;async function loadConfig(paths,projectDir){let files=[{source:"user",path:paths.config}];projectDir&&files.push({source:"project",path:projectConfigPath(projectDir)});let stamps=files.map(f=>`${f.path}@${mtimeOf(f.path)}`);if(stamps.every(s=>s.endsWith("@-")))return resolveConfig([]);let stamp=`${CACHE_VERSION}|${Object.keys(SETTINGS).length}|${stamps.join("|")}`,cachePath=(0,import_node_path4.join)(paths.cache,`config-${projectDir?projectKey(projectDir):"user"}.json`),cached=readJsonIfExists(cachePath);if(cached?.stamp===stamp)return cached.resolved;let{parse:parse2}=await Promise.resolve().then(()=>require("./pkg-yaml.cjs")),layers=[];for(let f of files){let text;try{text=(0,import_node_fs2.readFileSync)(f.path,"utf8")}catch{continue}try{layers.push({...f,data:parse2(text)})}catch(err){layers.push({...f,data:void 0,parseError:errorMessage(err).split(`
`)[0]})}}let resolved=resolveConfig(layers);try{writeFileAtomic(cachePath,JSON.stringify({stamp,resolved}))}catch{}return resolved}function mtimeOf(path){try{let st=(0,import_node_fs2.statSync)(path);return`${st.mtimeMs}:${st.size}`}catch{return"-"}}var import_node_fs3=require("node:fs"),import_node_path5=require("node:path");function findProjectDir(from=process.cwd(),home=homeDir()){let start=(0,import_node_path5.resolve)(from),dir=start;for(;;){if(dir!==(0,import_node_path5.resolve)(home)&&((0,import_node_fs3.existsSync)((0,import_node_path5.join)(dir,".git"))||(0,import_node_fs3.existsSync)((0,import_node_path5.join)(dir,".claude"))))return dir;let up=(0,import_node_path5.dirname)(dir);if(up===dir)return start;dir=up}}var import_node_fs4=require("node:fs"),import_node_path6=require("node:path");function projectOffPath(paths,projectDir){return(0,import_node_path6.join)(projectStateDir(paths,projectDir),"off")}function isOff(paths,projectDir){return(0,import_node_fs4.existsSync)(paths.offSwitch)?"global":projectDir&&(0,import_node_fs4.existsSync)(projectOffPath(paths,projectDir))?"project":!1}var import_node_fs5=require("node:fs"),import_node_path7=require("node:path");var on=process.env.CAIRN_TRACE==="1",g=globalThis;if(on&&!g.__cairnMarks){let marks=[["node-ready",performance.now()]];g.__cairnMarks=marks,process.on("exit",()=>{marks.push(["exit",performance.now()]),process.stderr.write(`${JSON.stringify({trace:marks.map(([k,t])=>[k,Math.round(t*100)/100])})}
`)})}function mark(label){on&&g.__cairnMarks?.push([label,performance.now()])}var CONTEXT_SCHEMA=`
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
`;var CORE_SCHEMA=`
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
`;var MIGRATIONS=[CORE_SCHEMA,CONTEXT_SCHEMA,MEMORY_SCHEMA],SCHEMA_VERSION=MIGRATIONS.length;var sqliteModule;async function sqlite(){if(sqliteModule)return sqliteModule;let original=process.emitWarning;process.emitWarning=((warning,...rest)=>{let text=typeof warning=="string"?warning:warning.message;if(!/sqlite/i.test(text))return original.call(process,warning,...rest)});try{sqliteModule=await import("node:sqlite")}finally{process.emitWarning=original}return sqliteModule}async function openStore(path,opts={}){let{DatabaseSync}=await sqlite();opts.readOnly||(ensureDir((0,import_node_path7.dirname)(path)),(0,import_node_fs5.closeSync)((0,import_node_fs5.openSync)(path,"a",FILE_MODE)));let db=new DatabaseSync(path,{readOnly:opts.readOnly??!1,timeout:opts.busyTimeoutMs??1e3});try{opts.readOnly||(db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;"),migrate(db))}catch(err){throw db.close(),err}return mark("db-open"),{db,path,tx(fn){db.exec("BEGIN IMMEDIATE");try{let out2=fn();return db.exec("COMMIT"),out2}catch(err){throw db.isTransaction&&db.exec("ROLLBACK"),err}},close:()=>db.close()}}function schemaVersion(db){return db.prepare("PRAGMA user_version").get().user_version}function migrate(db){let version=schemaVersion(db);if(version>SCHEMA_VERSION)throw new Error(`database schema ${version} is newer than this cairn (${SCHEMA_VERSION}); upgrade cairn`);for(;version<SCHEMA_VERSION;){db.exec("BEGIN IMMEDIATE");try{let now=schemaVersion(db);if(now!==version){db.exec("COMMIT"),version=now;continue}db.exec(MIGRATIONS[version]),db.exec(`PRAGMA user_version = ${version+1}`),db.exec("COMMIT"),version+=1}catch(err){throw db.isTransaction&&db.exec("ROLLBACK"),err}}}var import_node_util=require("node:util"),UsageError=class extends Error{name="UsageError"};function parse(argv,options,opts={}){try{return(0,import_node_util.parseArgs)({args:argv,options:{...options,help:{type:"boolean",short:"h"}},allowPositionals:opts.positionals??!1,strict:!0})}catch(err){throw new UsageError(err.message.replace(/^TypeError \[[A-Z_]+\]: /,""))}}var import_picocolors=__toESM(require_picocolors(),1),color=import_picocolors.default;function out(line=""){process.stdout.write(`${line}
`)}function json(value){process.stdout.write(`${JSON.stringify(value,null,2)}
`)}var MIN_NODE=[22,13];function nodeVersionOk(version){let[major=0,minor=0]=version.replace(/^v/,"").split(".").map(Number);return major>MIN_NODE[0]||major===MIN_NODE[0]&&minor>=MIN_NODE[1]}async function checkNode(){let checks=[],ok=nodeVersionOk(process.version);checks.push({name:"node",status:ok?"ok":"fail",detail:`${process.version} at ${process.execPath}`,...ok?{}:{fix:"install Node.js 22.13 or newer (node:sqlite is needed)"}});try{let{DatabaseSync}=await import("node:sqlite"),db=new DatabaseSync(":memory:");db.exec("CREATE VIRTUAL TABLE t USING fts5(x)"),db.close(),checks.push({name:"node:sqlite",status:"ok",detail:"available, with FTS5"})}catch(err){checks.push({name:"node:sqlite",status:"fail",detail:errorMessage(err),fix:"use Node.js 22.13+ built with SQLite"})}return checks}function registrationIn(path){if(!(0,import_node_fs6.existsSync)(path))return;let parsed=parseSettings((0,import_node_fs6.readFileSync)(path,"utf8"));if(!parsed.ok)return{where:path,problem:parsed.problem};let events=new Set,commands=[];for(let[event,groups]of Object.entries(parsed.settings.hooks??{}))for(let g2 of Array.isArray(groups)?groups:[])for(let h of Array.isArray(g2?.hooks)?g2.hooks:[])isCairnHook(h)&&(events.add(event),h.type==="command"&&commands.push(h));if(!(events.size===0&&!isCairnStatusLine(parsed.settings.statusLine)))return{where:path,events,commands,statusLine:isCairnStatusLine(parsed.settings.statusLine)}}function pluginInstalled(){let file=(0,import_node_path8.join)(claudeDir(),"plugins","installed_plugins.json"),data=readJsonIfExists(file),name=Object.keys(data?.plugins??{}).find(k=>k==="cairn"||k.startsWith("cairn@"));return name?`${name} (${file})`:void 0}function checkRegistration(projectDir){let checks=[],found=[];for(let scope of["user","project"]){let path=settingsPath(scope,projectDir),reg=registrationIn(path);if(!reg)continue;if("problem"in reg){checks.push({name:`hooks (${scope})`,status:"warn",detail:`${path}: ${reg.problem}`,fix:"make it strict JSON so Claude Code and cairn can read it"});continue}found.push(reg);let missing=INSTALLED_EVENTS.filter(e=>!reg.events.has(e));checks.push({name:`hooks (${scope})`,status:missing.length===0?"ok":"warn",detail:`${reg.events.size} events in ${path}${reg.statusLine?", statusline wrapped":""}${missing.length?`; missing: ${missing.join(", ")}`:""}`,...missing.length?{fix:`cairn install${scope==="project"?" --project":""}`}:{}})}let plugin=pluginInstalled();plugin&&checks.push({name:"hooks (plugin)",status:"ok",detail:plugin}),found.length===0&&!plugin&&checks.push({name:"hooks",status:"fail",detail:"cairn is not registered with Claude Code",fix:"cairn install   (or load the plugin: claude --plugin-dir <cairn>)"}),found.length>1&&checks.push({name:"hooks",status:"warn",detail:"installed in both user and project settings: every hook runs twice",fix:"cairn uninstall --project"});let seen=new Set;for(let reg of found)for(let h of reg.commands){let key=`${h.command} ${h.args?.[0]??""}`;seen.has(key)||(seen.add(key),checks.push(checkCommand(h)))}return checks}function checkCommand(h){let entry=h.args?.[0];if(!(0,import_node_fs6.existsSync)(h.command))return{name:"hook command",status:"fail",detail:`${h.command} does not exist`,fix:"run `cairn install` again from the cairn you use"};if(entry&&!(0,import_node_fs6.existsSync)(entry))return{name:"hook command",status:"fail",detail:`${entry} does not exist`,fix:"run `cairn install` again (cairn moved?)"};let v=(0,import_node_child_process.spawnSync)(h.command,["--version"],{encoding:"utf8",timeout:5e3}),version=v.stdout?.trim()??"";return v.status!==0||!nodeVersionOk(version)?{name:"hook command",status:"fail",detail:`${h.command} reports "${version||v.error?.message}"`,fix:"point the hooks at Node.js 22.13+: rerun `cairn install` with that node"}:{name:"hook command",status:"ok",detail:`${h.command} (${version}) ${entry??""}`}}async function checkStore(paths){try{let store=await openStore(paths.db,{busyTimeoutMs:2e3}),version=schemaVersion(store.db);store.db.prepare("SELECT count(*) AS n FROM sessions").get(),store.close();let mode=(0,import_node_fs6.statSync)(paths.db).mode&511,checks=[{name:"database",status:"ok",detail:`${paths.db} (schema ${version}/${SCHEMA_VERSION}), writable`}];return mode&63&&checks.push({name:"permissions",status:"warn",detail:`${paths.db} is mode ${mode.toString(8)}`,fix:`chmod 600 ${paths.db}*`}),checks}catch(err){return[{name:"database",status:"fail",detail:`${paths.db}: ${errorMessage(err)}`,fix:"check the disk and permissions of ~/.cairn; a locked database clears when other cairn processes end"}]}}async function checkConfig(paths,projectDir){let resolved=await loadConfig(paths,projectDir);return resolved.issues.length===0?[{name:"config",status:"ok",detail:"valid"}]:resolved.issues.map(i=>({name:"config",status:"warn",detail:`${i.path}${i.key?` ${i.key}`:""}: ${i.problem}`,fix:"fix the value (see `cairn config --docs`); the default is used meanwhile"}))}function recentLogErrors(paths,hours=24,now=Date.now()){let text="";try{text=(0,import_node_fs6.readFileSync)(paths.log,"utf8")}catch{return{errors:0}}let since=now-hours*36e5,errors=0,last;for(let line of text.split(`
`))if(line.includes('"level":"error"'))try{let rec=JSON.parse(line);if(Date.parse(rec.t)<since)continue;errors+=1,last=rec}catch{}return last?{errors,last}:{errors}}function checkLog(paths){let s=recentLogErrors(paths);if(s.errors===0)return{name:"log",status:"ok",detail:`no errors in the last 24 h (${paths.log})`};let l=s.last;return{name:"log",status:"warn",detail:`${s.errors} error(s) in the last 24 h; latest ${l.t}${l.event?` [${l.event}]`:""}: ${l.msg}${l.err?`: ${l.err}`:""}`,fix:`read ${paths.log}; hooks answered with no-ops, so sessions were not affected`}}function checkSwitches(paths,projectDir){let off=isOff(paths,projectDir);return off?{name:"switch",status:"warn",detail:`off (${off})`,fix:off==="global"?"cairn on":"cairn on --project"}:{name:"switch",status:"ok",detail:"on"}}async function checkHttp(paths,projectDir){if(!["user","project"].some(scope=>{let path=settingsPath(scope,projectDir);return(0,import_node_fs6.existsSync)(path)&&(0,import_node_fs6.readFileSync)(path,"utf8").includes("/cairn/hook/")}))return[];let{readHttpInstall}=await Promise.resolve().then(()=>require("./transports-http-config.cjs")),{health,readServerState}=await Promise.resolve().then(()=>require("./transports-http-client.cjs")),install=readHttpInstall(paths);if(!install)return[{name:"http transport",status:"fail",detail:"http hooks are registered but ~/.cairn/install/http.json is missing",fix:"cairn install --transport http"}];let h=await health(install,1e3);if(h)return[{name:"http transport",status:"ok",detail:`cairn serve answers on 127.0.0.1:${install.port} (pid ${h.pid})`}];let state=readServerState(paths);return[{name:"http transport",status:"fail",detail:`${state?`cairn serve (pid ${state.pid}, started ${state.startedAt}) is not answering on 127.0.0.1:${install.port}: it stopped without shutting down (killed or crashed)`:`cairn serve is not running on 127.0.0.1:${install.port}`}; meanwhile Claude Code skips cairn's http hooks (on_failure: continue), so sessions go on without cairn`,fix:"cairn serve --detach   (the next session's SessionStart hook also starts it)"}]}async function runChecks(paths,projectDir){return[...await checkNode(),...checkRegistration(projectDir),...await checkHttp(paths,projectDir),...await checkStore(paths),...await checkConfig(paths,projectDir),checkSwitches(paths,projectDir),checkLog(paths)]}var MARK={ok:color.green("\u2713"),warn:color.yellow("!"),fail:color.red("\u2717")},doctor={usage:`Usage: cairn doctor [--json]

Checks Node and node:sqlite, hook registration (user, project, plugin) and that the
registered command runs, the database, the config, the kill switches and the last
errors in the log. Prints how to fix each problem. Exits 1 when something fails.`,async run(argv){let{values}=parse(argv,{json:{type:"boolean"}}),checks=await runChecks(cairnPaths(),findProjectDir()),failed=checks.some(c=>c.status==="fail");if(values.json)return json({ok:!failed,checks}),failed?1:0;for(let c of checks)out(`${MARK[c.status]} ${color.bold(c.name)}: ${c.detail}`),c.fix&&c.status!=="ok"&&out(`    ${color.dim("fix:")} ${c.fix}`);return out(""),out(failed?color.red("cairn needs attention"):color.green("cairn is healthy")),failed?1:0}};0&&(module.exports={doctor,nodeVersionOk,recentLogErrors,runChecks});
