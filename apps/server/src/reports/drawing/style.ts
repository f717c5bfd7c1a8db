// The reports' colours, shared by every building block and section so that all reports look alike.
export const COLOR = {
  text: '#1f2933',
  muted: '#52606d',
  brand: '#2b7a7e',
  rule: '#c9d4d8',
  zebra: '#f1f7f7',
  elevated: '#1d5f62',
  guide: '#3e4c59',
};
