// The quotes feature's public face: what other features use (decision 053).

export { QuoteLinesTable as DocumentLines } from "./quote-lines-table";
export { newQuotePath } from "./quotes-query";
