// Requests from different clients on one machine: each loopback address (127.0.0.2, 127.0.0.3 …) is
// another sender as far as a server's per-address limits can tell, as on the internet.
import http from 'node:http';

export interface PlainAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A POST to `url` sent from the loopback address `from`. */
export function postFrom(from: string, url: string, headers: Record<string, string>, body: string): Promise<PlainAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers, localAddress: from }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}
