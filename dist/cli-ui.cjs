"use strict";var __defProp=Object.defineProperty;var __getOwnPropDesc=Object.getOwnPropertyDescriptor;var __getOwnPropNames=Object.getOwnPropertyNames;var __hasOwnProp=Object.prototype.hasOwnProperty;var __export=(target,all)=>{for(var name in all)__defProp(target,name,{get:all[name],enumerable:!0})},__copyProps=(to,from,except,desc)=>{if(from&&typeof from=="object"||typeof from=="function")for(let key of __getOwnPropNames(from))!__hasOwnProp.call(to,key)&&key!==except&&__defProp(to,key,{get:()=>from[key],enumerable:!(desc=__getOwnPropDesc(from,key))||desc.enumerable});return to};var __toCommonJS=mod=>__copyProps(__defProp({},"__esModule",{value:!0}),mod);var ui_exports={};__export(ui_exports,{ui:()=>ui});module.exports=__toCommonJS(ui_exports);function err(line=""){process.stderr.write(`${line}
`)}function notYet(name,what){return{usage:`Usage: cairn ${name}

${what}

Not available in this build yet.`,async run(){return err(`cairn ${name}: not available in this build yet (${what})`),1}}}var ui=notYet("ui","open the local dashboard");0&&(module.exports={ui});
