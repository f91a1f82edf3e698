export async function sigterm() {
  throw new Error("not written yet");
}
