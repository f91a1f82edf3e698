export declare const DATABASE_SPECS: string[];
export declare const DESKTOP_ON_POSTGRES: string;
export declare const DATABASE_SPEC_FILES: RegExp;
