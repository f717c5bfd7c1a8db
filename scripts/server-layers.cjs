// The server's layers, from the bottom (ARCHITECTURE.md, "Layers and the rules that hold them"): each folder and file
// directly under apps/server/src belongs to exactly one, checked by scripts/server-layers.test.ts; the import rules
// between them are in .dependency-cruiser.cjs.
const SERVER = '^apps/server/src/';

/** Each layer: the folders and top-level files directly under apps/server/src that make it up. */
const LAYERS = {
  foundation: { folders: ['lib', 'db', 'i18n', 'data', 'config'], files: ['errors.ts', 'config.ts'] },
  'audit and reports': { folders: ['audit', 'reports'], files: [] },
  identity: { folders: ['identity'], files: [] },
  http: { folders: ['http'], files: [] },
  modules: { folders: ['modules'], files: [] },
  integrations: { folders: ['integrations'], files: [] },
  // The composition root and the programs built on it: they may use every layer.
  composition: {
    folders: ['cli', 'demo'],
    files: [
      'app.ts',
      'app-deps.ts',
      'server.ts',
      'start-institute-login.ts',
      'main.ts',
      'index.ts',
      'start-failure.ts',
    ],
  },
  // Tests of the whole server (processes killed and restarted): no production code imports them.
  'whole-server tests': { folders: ['resilience'], files: [] },
};

/** A dependency-cruiser path pattern for a layer's folders and files. */
function layerPattern(layer) {
  const { folders, files } = LAYERS[layer];
  const parts = [];
  if (folders.length > 0) {
    parts.push(`${SERVER}(${folders.join('|')})/`);
  }
  if (files.length > 0) {
    parts.push(`${SERVER}(${files.map((f) => f.replace(/\./g, '\\.')).join('|')})$`);
  }
  return parts.join('|');
}

module.exports = {
  SERVER,
  LAYERS,
  COMPOSITION: layerPattern('composition'),
  FOUNDATION: layerPattern('foundation'),
};
