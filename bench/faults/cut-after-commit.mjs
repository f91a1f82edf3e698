export async function cutAfterCommit() {
  throw new Error("not written yet");
}
