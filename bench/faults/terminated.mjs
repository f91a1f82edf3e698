export async function terminated() {
  throw new Error("not written yet");
}
