#!/usr/bin/env node
import { createRequire as __cairnRequire } from 'node:module'; const require = __cairnRequire(import.meta.url);
import{realpathSync}from"node:fs";function selfInvocation(){let entry=process.argv[1];if(!entry)return{command:process.execPath,args:[]};let real=entry;try{real=realpathSync(entry)}catch{}return{command:process.execPath,args:[real]}}export{selfInvocation};
