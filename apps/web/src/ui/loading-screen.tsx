/** While the page asks the server who is signed in (a few milliseconds, usually). */
export function LoadingScreen() {
  return (
    <main className="centered" aria-busy="true">
      <p role="status" className="muted">
        Loading…
      </p>
    </main>
  );
}
