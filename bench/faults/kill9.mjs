export async function kill9() {
  throw new Error("not written yet");
}
