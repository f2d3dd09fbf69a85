// The DNS server of local-cloud's test controls, which these tests start on their own as well.
export { startTestDnsServer, type TestDnsServer } from '../../src/testControls/dnsServer.ts';
