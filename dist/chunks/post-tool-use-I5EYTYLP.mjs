#!/usr/bin/env node
import { createRequire as __cairnRequire } from 'node:module'; const require = __cairnRequire(import.meta.url);
import"./chunk-DWI3CRG6.mjs";var handle=async()=>{};export{handle};
