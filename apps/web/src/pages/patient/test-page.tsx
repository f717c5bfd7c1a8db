import { useParams } from 'react-router';

/** `/test/{code}`: the patient's questionnaire (one page per link state). */
export default function TestPage() {
  const { code } = useParams();
  return (
    <main className="patient-page">
      <h1>Questionnaire</h1>
      <p hidden>{code}</p>
    </main>
  );
}
