/**
 * The documents a new installation starts with, written by this project, in English and German. An institute
 * replaces them with its own (`npm run documents:publish`, per language); every test records which version it showed.
 */
export const DEFAULT_TERMS_HTML = `
<h2>Terms and conditions for creating an assessment</h2>
<p>By creating this assessment you confirm that:</p>
<ul>
  <li>you are a qualified clinician using the assessment within your professional scope of practice;</li>
  <li>you have a professional relationship with the patient and will discuss the results with them;</li>
  <li>the patient identifier you enter does not contain the patient's name or other direct identifiers;</li>
  <li>one purchased test is used when the assessment is created, and it is not returned if the patient does not finish;</li>
  <li>results support, and never replace, your clinical judgement.</li>
</ul>
<p>The patient's answers and results are stored securely and shown only to you, the institute's administrators and
colleagues you choose to share the patient with.</p>
`.trim();

export const DEFAULT_CONSENT_HTML = `
<h2>Before you begin</h2>
<p>Your clinician has asked you to complete a personality questionnaire of short statements (the number of statements and
the time it takes are shown above).
For each one, choose how well it describes you. There are no right or wrong answers.</p>
<ul>
  <li>Your answers are saved as you go, so you can stop and come back later using the same link.</li>
  <li>Your answers are shared only with your clinician and the institute that provides the questionnaire.</li>
  <li>Taking part is your choice. You can stop at any time; please tell your clinician if you do not wish to continue.</li>
  <li>The link is personal to you. Please do not share it.</li>
</ul>
<p>By selecting <strong>Accept</strong> you agree to take part and to your answers being stored for your clinician.</p>
`.trim();

/** The German terms: the same content as the English, written in German (formal "Sie"). */
export const DEFAULT_TERMS_HTML_DE = `
<h2>Nutzungsbedingungen für das Anlegen eines Tests</h2>
<p>Mit dem Anlegen dieses Tests bestätigen Sie, dass</p>
<ul>
  <li>Sie als qualifizierte Fachperson den Test im Rahmen Ihrer beruflichen Tätigkeit einsetzen;</li>
  <li>Sie in einer professionellen Beziehung zu der Patientin oder dem Patienten stehen und die Ergebnisse mit ihr oder ihm besprechen werden;</li>
  <li>die eingegebene Patientenkennung weder den Namen noch andere direkt identifizierende Angaben enthält;</li>
  <li>beim Anlegen ein gekaufter Test verbraucht wird und dieser nicht zurückerstattet wird, wenn der Test nicht beendet wird;</li>
  <li>die Ergebnisse Ihr klinisches Urteil unterstützen und niemals ersetzen.</li>
</ul>
<p>Die Antworten und Ergebnisse werden sicher gespeichert und nur Ihnen, den Administratorinnen und Administratoren des Instituts und den Kolleginnen und Kollegen angezeigt, mit
denen Sie die Patientin oder den Patienten teilen.</p>
`.trim();

/** The German consent: the same content as the English, written in German (formal "Sie"). */
export const DEFAULT_CONSENT_HTML_DE = `
<h2>Bevor Sie beginnen</h2>
<p>Ihre Behandlerin oder Ihr Behandler bittet Sie, einen Persönlichkeitsfragebogen mit kurzen Aussagen auszufüllen
(ihre Anzahl und die ungefähre Dauer stehen oben).
Wählen Sie bei jeder Aussage, wie gut sie Sie beschreibt. Es gibt keine richtigen oder falschen Antworten.</p>
<ul>
  <li>Ihre Antworten werden laufend gespeichert. Sie können also jederzeit unterbrechen und später über denselben Link weitermachen.</li>
  <li>Ihre Antworten erhalten nur Ihre Behandlerin oder Ihr Behandler und das Institut, das den Fragebogen bereitstellt.</li>
  <li>Die Teilnahme ist freiwillig. Sie können jederzeit aufhören; bitte sagen Sie Ihrer Behandlerin oder Ihrem Behandler Bescheid, wenn Sie nicht weitermachen möchten.</li>
  <li>Der Link ist nur für Sie bestimmt. Bitte geben Sie ihn nicht weiter.</li>
</ul>
<p>Mit <strong>Zustimmen</strong> willigen Sie in die Teilnahme ein und sind damit einverstanden, dass Ihre Antworten für Ihre Behandlerin oder Ihren Behandler gespeichert werden.</p>
`.trim();
