export type ApiRoute = { method: string; url: string; file: string };
export type WebPage = { url: string; file: string; layouts: string[] };
export declare function apiRoutes(root: string): ApiRoute[];
export declare function webPages(root: string): WebPage[];
export declare function architectureMap(root: string): Record<"module-graph" | "pages" | "api-routes", string>;
export declare function withSections(document: string, sections: Record<string, string>): string;
