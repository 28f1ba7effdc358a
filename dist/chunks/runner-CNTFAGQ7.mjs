#!/usr/bin/env node
import { createRequire as __cairnRequire } from 'node:module'; const require = __cairnRequire(import.meta.url);
import"./chunk-UTHNGPBZ.mjs";async function runRunner(_argv){return process.stderr.write(`cairn run: not available in this build yet
`),1}export{runRunner};
