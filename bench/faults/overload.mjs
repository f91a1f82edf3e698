export async function overload() {
  throw new Error("not written yet");
}
