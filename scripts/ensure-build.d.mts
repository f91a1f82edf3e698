export type BuildInputs = { PUBLIC_URL: string };
export declare function buildInputs(env?: Record<string, string | undefined>): BuildInputs;
export declare function recordedInputs(stampText: string): Record<string, unknown> | undefined;
export declare function rebuildReason(state: {
  stamp: { mtimeMs: number; text: string } | undefined;
  newestSource: number;
  inputs: BuildInputs;
}): string | undefined;
export declare function ensureBuild(): void;
