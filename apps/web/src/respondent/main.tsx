import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RespondentApp } from './respondent-app';
import { RespondentLanguage } from './respondent-language';
import './respondent.css';

// The patient entry (patient.html): React and this folder only, so a phone on a slow connection loads little.
// The old product's links were /#/test/{code}; keep them working by moving to the canonical path.
const legacy = /^#\/(test|consent)\/([\w-]+)/.exec(window.location.hash);
if (legacy) {
  window.history.replaceState(null, '', `/${legacy[1]}/${legacy[2]}`);
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RespondentLanguage>
        <RespondentApp />
      </RespondentLanguage>
    </StrictMode>,
  );
}
