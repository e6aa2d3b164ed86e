// A minimal MCP Apps host for the browser test: it frames the chart page, answers its handshake
// through the extension's own AppBridge, and hands it a draw_chart answer fetched from the test server.
// `?answer=<path>&app=<path>` pick the answer and the page (defaults: /answer.json and /app).
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

const frame = document.getElementById('app');
const query = new URLSearchParams(location.search);

async function host() {
  const answer = await (await fetch(query.get('answer') ?? '/answer.json')).json();
  const bridge = new AppBridge(null, { name: 'test host', version: '0.0.0' }, {});
  bridge.oninitialized = async () => {
    await bridge.sendToolInput({ arguments: answer.arguments });
    await bridge.sendToolResult(answer.result);
  };
  // The frame's window outlives its navigation, so the bridge listens before the page says hello.
  await bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow));
  frame.src = query.get('app') ?? '/app';
}

host().catch((error) => console.error(`host failed: ${error.message}`));
