/**
 * An ungated resource's file as a static file of the build, `/resources/files/<resource>.<ext>`
 * (docs/decisions/0041-resource-downloads.md): the card's and the page's button download it at once. A gated file
 * is never here: only the downloads function serves it, to the holder of a mailed link.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { ungatedFiles } from '../../../components/resources/files.ts';

export const getStaticPaths = (() =>
  ungatedFiles().map(({ entry, bytes }) => ({
    params: { file: entry.fileName },
    props: { bytes, contentType: entry.contentType },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const { bytes, contentType } = props as { bytes: Buffer; contentType: string };
  return new Response(new Uint8Array(bytes), { headers: { 'Content-Type': contentType } });
};
