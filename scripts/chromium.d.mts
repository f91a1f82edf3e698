export declare const CHROME_PATH: string;
export declare const CHROMIUM_ARGS: string[];
