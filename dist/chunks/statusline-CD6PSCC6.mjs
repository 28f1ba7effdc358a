#!/usr/bin/env node
import { createRequire as __cairnRequire } from 'node:module'; const require = __cairnRequire(import.meta.url);
import"./chunk-UTHNGPBZ.mjs";async function runStatusline(){}export{runStatusline};
