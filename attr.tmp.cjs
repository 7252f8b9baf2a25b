const fs = require('fs'); const { SourceMapConsumer } = require('source-map-js');
const [,, file] = process.argv;
const code = fs.readFileSync(file, 'utf8'); const map = JSON.parse(fs.readFileSync(file + '.map', 'utf8'));
const c = new SourceMapConsumer(map); const lines = code.split('\n');
const bytes = {}; let last = null;
// attribute each char range between mappings to source
const ms = []; c.eachMapping(m => ms.push(m));
ms.sort((a,b)=> a.generatedLine-b.generatedLine || a.generatedColumn-b.generatedColumn);
for (let i=0;i<ms.length;i++){ const m=ms[i], n=ms[i+1]; let len;
 if (n && n.generatedLine===m.generatedLine) len=n.generatedColumn-m.generatedColumn; else len=lines[m.generatedLine-1].length-m.generatedColumn;
 let s=(m.source||'?').replace(/.*node_modules\//,'nm/'); s = s.startsWith('nm/') ? s.split('/').slice(0, s.split('/')[1].startsWith('@')?3:2).join('/') : s.replace(/^(\.\.\/)+/,'');
 bytes[s]=(bytes[s]||0)+len; }
const tot=code.length; const arr=Object.entries(bytes).sort((a,b)=>b[1]-a[1]);
console.log('raw total', tot); for (const [s,b] of arr.slice(0,+process.argv[3]||50)) console.log((b/1024).toFixed(1).padStart(7), s);
