/** Runs a bench's main; a failure is printed and makes the process exit non-zero. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
