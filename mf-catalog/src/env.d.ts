// Stylesheets are handled by rspack (type 'css/auto'); importing one only adds it to the page.
declare module '*.css';
