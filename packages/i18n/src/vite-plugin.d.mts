export declare function languageDescriptions(): Record<string, { name: string; letterLocale: string }>;
export declare function compiledCatalogues(): {
  name: string;
  enforce: 'pre';
  config(): { define: Record<string, string> };
  load(id: string): string | null;
};
export declare function compiledCatalogueFile(path: string): Record<string, unknown>;
