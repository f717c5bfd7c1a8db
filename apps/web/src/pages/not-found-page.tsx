/** Any unknown path: a plain page with a way back. */
export default function NotFoundPage() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto', padding: '0 1rem' }}>
      <h1>Page not found</h1>
      <p>
        This address does not exist. <a href="/dashboard">Go to the dashboard</a>.
      </p>
    </main>
  );
}
