#!/usr/bin/env node
import { createRequire as __cairnRequire } from 'node:module'; const require = __cairnRequire(import.meta.url);
import{parseArgs}from"node:util";var UsageError=class extends Error{};function parse(argv,options,opts={}){try{return parseArgs({args:argv,options:{...options,help:{type:"boolean",short:"h"}},allowPositionals:opts.positionals??!1,strict:!0})}catch(err){throw new UsageError(err.message.replace(/^TypeError \[[A-Z_]+\]: /,""))}}export{UsageError,parse};
