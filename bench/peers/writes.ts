export async function runWrites(): Promise<void> { throw new Error("not yet"); }
