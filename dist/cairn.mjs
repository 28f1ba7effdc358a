#!/usr/bin/env node
import { createRequire as __cairnRequire } from 'node:module'; const require = __cairnRequire(import.meta.url);
import{enableCompileCache}from"node:module";try{enableCompileCache?.()}catch{}var[command,...rest]=process.argv.slice(2);if(command==="hook"&&rest[0]&&!rest[0].startsWith("-")){let{runCommandHook}=await import("./chunks/command-TM4EWR5W.mjs");await runCommandHook(rest[0])}else{let{runCli}=await import("./chunks/main-GOJ34HIP.mjs");process.exitCode=await runCli(process.argv.slice(2))}
