/** `/consent/{code}`: the consent document and Accept. */
export default function ConsentPage() {
  return (
    <main className="patient-page">
      <h1>Consent</h1>
    </main>
  );
}
