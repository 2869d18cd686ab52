// A whole XML document as a tree of elements (names with their prefixes, attributes, text), for
// tests that walk what an export wrote.
import { SaxesParser } from "saxes";

export interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: XmlNode[];
}

export function xmlTree(xml: string): XmlNode {
  const parser = new SaxesParser<{ xmlns: false }>({ xmlns: false });
  const stack: XmlNode[] = [];
  let root!: XmlNode;
  parser.on("opentag", (tag) => {
    const node: XmlNode = { name: tag.name, attributes: tag.attributes as Record<string, string>, text: "", children: [] };
    if (stack.length) stack[stack.length - 1].children.push(node);
    else root = node;
    stack.push(node);
  });
  parser.on("text", (t) => stack.length && (stack[stack.length - 1].text += t));
  parser.on("closetag", () => stack.pop());
  parser.write(xml).close();
  return root;
}
