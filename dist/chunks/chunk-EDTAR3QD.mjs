#!/usr/bin/env node
import { createRequire as __cairnRequire } from 'node:module'; const require = __cairnRequire(import.meta.url);
import{existsSync}from"node:fs";import{homedir}from"node:os";import{dirname,join,resolve}from"node:path";function findProjectDir(from=process.cwd(),home=process.env.HOME||homedir()){let start=resolve(from),dir=start;for(;;){if(dir!==resolve(home)&&(existsSync(join(dir,".git"))||existsSync(join(dir,".claude"))))return dir;let up=dirname(dir);if(up===dir)return start;dir=up}}export{findProjectDir};
