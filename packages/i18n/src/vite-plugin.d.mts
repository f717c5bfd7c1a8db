export declare function compiledCatalogues(): {
  name: string;
  enforce: 'pre';
  load(id: string): string | null;
};
