import type { Config } from "../../../config.ts";
import { resolveKey } from "./key-file.ts";

/** The key that signs access tokens: JWT_SECRET, or one generated into DATA_DIR (key-file.ts). */
export const resolveJwtSecret = (config: Config) => resolveKey(config, config.jwtSecret, "jwt-secret", 48);
