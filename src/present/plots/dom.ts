/** Browser only: a plot's SVG string as a node, for code that needs an element rather than `{@html}`. */
export function svgToElement(svg: string, doc: Document = document): SVGSVGElement {
  const parsed = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const root = parsed.documentElement;
  if (root.nodeName !== 'svg') throw new SyntaxError(`not an SVG document: ${root.textContent ?? ''}`);
  return doc.importNode(root, true) as unknown as SVGSVGElement;
}
