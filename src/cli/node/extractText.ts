/** The CLI's ExtractTextPort: PDF text with pdfjs-dist's legacy build in this thread, DOCX text with mammoth. */
import type { ExtractTextPort } from '../../core/documents/importDocuments.ts';
import { extractDocxText } from '../../documents/docxText.ts';
import { openPdfJsNode } from '../../documents/pdfjsNode.ts';
import { extractPdfText } from '../../documents/pdfText.ts';

export const nodeExtractText: ExtractTextPort = {
  pdf: async (bytes, name, onPage) => extractPdfText(await openPdfJsNode(), bytes, name, onPage),
  docx: (bytes, name) => extractDocxText(bytes, name),
};
