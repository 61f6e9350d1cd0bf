// `import url from 'x?url'` (rspack rule urlAssetRule): the URL of a hashed copy of x.
declare module '*?url' {
  const url: string;
  export default url;
}
