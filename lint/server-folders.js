/**
 * `house/server-folders-one-way`: two folders of server/ never import each other (issue 14, "The server's
 * house"). A domain folder builds on the folders below it; when server/a imports server/b, nothing in
 * server/b imports server/a. The files directly in server/ (the composition: app.ts, handlers.ts, main.ts)
 * count as one folder, "(root)", which imports every domain and is imported by none.
 *
 * ESLint sees one file at a time, so the rest of the server's imports are read from disk once per run:
 * relative `import`/`export … from` and `import()` of files under server/, test files left out (a test
 * may reach across folders; nothing imports a test). File-level circles are `import-x/no-cycle`'s.
 */
import fs from 'node:fs';
import path from 'node:path';

const IMPORTS = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
const isTest = (file) => /\.test\.tsx?$/.test(file);

/** The folder of a path relative to server/: its first segment, or "(root)" for a file directly in server/. */
export function serverFolder(relative) {
  const parts = relative.split(path.sep);
  return parts.length > 1 ? parts[0] : '(root)';
}

const graphs = new Map();

/** Every folder's imports of other folders: folder → (folder → the first file → file edge seen). */
function folderGraph(serverRoot) {
  if (graphs.has(serverRoot)) return graphs.get(serverRoot);
  const graph = new Map();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !isTest(entry.name)) {
        const from = serverFolder(path.relative(serverRoot, file));
        for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORTS)) {
          const target = path.resolve(path.dirname(file), match[1] ?? match[2]);
          const relative = path.relative(serverRoot, target);
          if (relative.startsWith('..')) continue;
          const to = serverFolder(relative);
          if (to === from) continue;
          if (!graph.has(from)) graph.set(from, new Map());
          if (!graph.get(from).has(to)) graph.get(from).set(to, `${path.relative(path.dirname(serverRoot), file)} → server/${relative}`);
        }
      }
    }
  };
  walk(serverRoot);
  graphs.set(serverRoot, graph);
  return graph;
}

export const serverFoldersOneWay = {
  meta: {
    type: 'problem',
    messages: {
      mutual:
        'server/{{from}} imports server/{{to}}, and server/{{to}} imports server/{{from}} ({{back}}). Two folders never import each other: move what both need into the lower one, or hand it in from the composition (server/app.ts).',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const marker = `${path.sep}server${path.sep}`;
    const at = file.lastIndexOf(marker);
    if (at < 0 || isTest(file)) return {};
    const serverRoot = file.slice(0, at + marker.length - 1);
    const from = serverFolder(path.relative(serverRoot, file));
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const relative = path.relative(serverRoot, path.resolve(path.dirname(file), source));
      if (relative.startsWith('..')) return;
      const to = serverFolder(relative);
      const back = to !== from && folderGraph(serverRoot).get(to)?.get(from);
      if (back) context.report({ node, messageId: 'mutual', data: { from, to, back } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
