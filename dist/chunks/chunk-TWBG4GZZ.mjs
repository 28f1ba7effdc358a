#!/usr/bin/env node
import { createRequire as __cairnRequire } from 'node:module'; const require = __cairnRequire(import.meta.url);
import{err}from"./chunk-YN6PVUCR.mjs";function notYet(name,what){return{usage:`Usage: cairn ${name}

${what}

Not available in this build yet.`,async run(){return err(`cairn ${name}: not available in this build yet (${what})`),1}}}export{notYet};
