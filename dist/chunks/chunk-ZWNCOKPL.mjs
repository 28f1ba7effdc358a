#!/usr/bin/env node
import { createRequire as __cairnRequire } from 'node:module'; const require = __cairnRequire(import.meta.url);
import{ensureDir,projectStateDir,safeUnlink,writeFileAtomic}from"./chunk-GLUNCRG6.mjs";import{existsSync}from"node:fs";import{join}from"node:path";function projectOffPath(paths,projectDir){return join(projectStateDir(paths,projectDir),"off")}function isOff(paths,projectDir){return existsSync(paths.offSwitch)?"global":projectDir&&existsSync(projectOffPath(paths,projectDir))?"project":!1}function setSwitch(paths,on,projectDir){let marker=projectDir?projectOffPath(paths,projectDir):paths.offSwitch;return on?safeUnlink(marker):(ensureDir(paths.root),writeFileAtomic(marker,`${new Date().toISOString()}
${projectDir??""}
`)),marker}export{isOff,setSwitch};
