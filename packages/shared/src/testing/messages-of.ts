// For the schemas' tests: what a person is told, field by field.

type ParseResult = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };

/** The Spanish message of each field that failed, by its path ("address.city", "features.1"). */
export const messagesOf = (result: ParseResult) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
