// Writes differential.jsonl: the verdict of the real Rust regex crate on
// every pattern of patterns.json, for the common subjects and the
// pattern's own. Rust's regex comes from the npm package rregex (a
// WebAssembly build of regex 1.13.1, regex-syntax 0.8.11; Codex 0.169.0
// ships regex 1.12.3, regex-syntax 0.8.8). Run:
//   npm install --prefix /tmp/rregex rregex@1.13.1
//   NODE_PATH=/tmp/rregex/node_modules node gen.mjs   (in this folder)
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
const require = createRequire(process.env.NODE_PATH.replace(/\/?$/, '/') + 'x.js');
const { RRegex } = require('rregex');
const seed = JSON.parse(readFileSync('patterns.json', 'utf8'));
const lines = [];
for (const row of seed.patterns) {
  const subjects = [...seed.subjects, ...(row.subjects || [])];
  const out = { pattern: row.pattern, source: row.source };
  try {
    const re = new RRegex(row.pattern);
    out.matches = Object.fromEntries(subjects.map(s => [s, re.isMatch(s)]));
    re.free();
  } catch (e) {
    out.error = String(e.message ?? e);
  }
  lines.push(JSON.stringify(out));
}
writeFileSync('differential.jsonl', lines.join('\n') + '\n');
console.log(`${lines.length} patterns`);
