// The quotes feature's public face: what other features use (decision 053).
export { newQuotePath } from "./quotes-query";
