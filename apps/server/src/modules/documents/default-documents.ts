/**
 * The documents a new installation starts with, written by this project. An institute replaces
 * them with its own (`npm run documents:publish`); every test records which version it showed.
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
<p>The patient's answers and results are stored securely and shown only to you and the institute's administrators.</p>
`.trim();

export const DEFAULT_CONSENT_HTML = `
<h2>Before you begin</h2>
<p>Your clinician has asked you to complete a personality questionnaire of short statements (how many, and about
how long it takes, is said just above).
For each one, choose how well it describes you. There are no right or wrong answers.</p>
<ul>
  <li>Your answers are saved as you go, so you can stop and come back later using the same link.</li>
  <li>Your answers are shared only with your clinician and the institute that provides the questionnaire.</li>
  <li>Taking part is your choice. You can stop at any time; please tell your clinician if you do not wish to continue.</li>
  <li>The link is personal to you. Please do not share it.</li>
</ul>
<p>By selecting <strong>Accept</strong> you agree to take part and to your answers being stored for your clinician.</p>
`.trim();
