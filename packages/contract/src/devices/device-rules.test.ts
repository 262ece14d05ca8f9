import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  beamSelectionError,
  canToggleBeam,
  NETWORK_MAPPING_MESSAGES,
  templateAntennaType,
} from '../device-config/device-config.js';
import {
  beamsInSync,
  calculateDhcp,
  ipToNumber,
  isValidIpAddress,
  isValidSubnetMask,
  NETWORK_CONFIGURATION_MESSAGES as M,
  numberToIp,
  prefixLength,
  subnetOf,
  networkConfigurationIssues,
  validateNetworkConfiguration,
} from './device-rules.js';

const MAX = 2 ** 32 - 1;
const maskOf = (prefix: number) => numberToIp(MAX - (2 ** (32 - prefix) - 1));

/** A host address and the mask of a subnet with room for DHCP clients (/1 to /30). */
const hostInSubnet = fc
  .tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: MAX }))
  .map(([prefix, n]) => {
    const mask = maskOf(prefix);
    const { network, broadcast } = subnetOf(numberToIp(n), mask);
    // Clamp to a host address: neither the network nor the broadcast address.
    const host = Math.min(Math.max(n, network + 1), broadcast - 1);
    return { ip: numberToIp(host), mask, network, broadcast };
  });

describe('IPv4 addresses', () => {
  it('round-trips every canonical dotted quad through its number', () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        expect(isValidIpAddress(ip)).toBe(true);
        expect(numberToIp(ipToNumber(ip))).toBe(ip);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX }), (n) => {
        expect(ipToNumber(numberToIp(n))).toBe(n);
      }),
    );
  });

  it('refuses octets over 255, missing or extra octets and other text', () => {
    fc.assert(
      fc.property(
        fc.tuple(fc.ipV4(), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 256, max: 9999 })),
        ([ip, at, big]) => {
          const parts = ip.split('.');
          parts[at] = String(big);
          expect(isValidIpAddress(parts.join('.'))).toBe(false);
        },
      ),
    );
    for (const bad of ['', '1.2.3', '1.2.3.4.5', '1.2.3.x', ' 1.2.3.4', '1..2.3', '-1.2.3.4'])
      expect(isValidIpAddress(bad), bad).toBe(false);
  });

  it('takes only contiguous masks as subnet masks', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 32 }), (prefix) => {
        expect(isValidSubnetMask(maskOf(prefix))).toBe(true);
        expect(prefixLength(maskOf(prefix))).toBe(prefix);
      }),
    );
    for (const bad of ['0.0.0.0', '255.0.255.0', '255.255.255.1', '254.255.255.0'])
      expect(isValidSubnetMask(bad), bad).toBe(false);
  });
});

describe('calculateDhcp', () => {
  it('keeps the calculated range inside the subnet and the gateway outside the range', () => {
    fc.assert(
      fc.property(hostInSubnet, ({ ip, mask, network, broadcast }) => {
        const result = calculateDhcp(ip, mask);
        if (!result.ok) throw new Error(`${ip}/${mask}: ${result.error}`);
        const { dhcpGateway, dhcpClientIpRangeStart, dhcpClientIpRangeEnd } = result.value;
        const start = ipToNumber(dhcpClientIpRangeStart);
        const end = ipToNumber(dhcpClientIpRangeEnd);
        const gateway = ipToNumber(dhcpGateway);
        expect(dhcpGateway).toBe(ip);
        expect(start).toBeGreaterThan(network);
        expect(end).toBeLessThan(broadcast);
        expect(start).toBeLessThanOrEqual(end);
        expect(gateway < start || gateway > end).toBe(true);
      }),
    );
  });

  it('always gives a configuration that validates', () => {
    fc.assert(
      fc.property(hostInSubnet, fc.ipV4(), fc.ipV4(), ({ ip, mask }, sat0, mgmt) => {
        const result = calculateDhcp(ip, mask);
        if (!result.ok) throw new Error(result.error);
        const config = {
          eth0IpAddress: ip,
          eth0SubnetMask: mask,
          sat0IpAddress: sat0,
          sat0SubnetMask: '255.255.255.252',
          mgmtIpAddress: mgmt,
          mgmtSubnetMask: '255.255.255.0',
          ...result.value,
        };
        expect(validateNetworkConfiguration(config)).toEqual([]);
      }),
    );
  });

  it('asks for both ETH0 fields, then for valid values', () => {
    expect(calculateDhcp('', '255.255.255.0')).toEqual({ ok: false, error: M.dhcpNeedsEth0 });
    expect(calculateDhcp('10.0.0.1', null)).toEqual({ ok: false, error: M.dhcpNeedsEth0 });
    expect(calculateDhcp('10.0.0.300', '255.255.255.0')).toEqual({
      ok: false,
      error: M.dhcpInvalid,
    });
    expect(calculateDhcp('10.0.0.1', '255.0.255.0')).toEqual({ ok: false, error: M.invalidMask });
    expect(calculateDhcp('10.0.0.0', '255.255.255.0')).toEqual({ ok: false, error: M.eth0NotHost });
    expect(calculateDhcp('10.0.0.1', '255.255.255.254')).toEqual({
      ok: false,
      error: M.noRoomForClients,
    });
  });

  it('gives the larger side of the subnet to the clients', () => {
    expect(calculateDhcp('192.168.1.1', '255.255.255.0')).toEqual({
      ok: true,
      value: {
        dhcpGateway: '192.168.1.1',
        dhcpClientIpRangeStart: '192.168.1.2',
        dhcpClientIpRangeEnd: '192.168.1.254',
      },
    });
    expect(calculateDhcp('192.168.1.254', '255.255.255.0')).toMatchObject({
      value: { dhcpClientIpRangeStart: '192.168.1.1', dhcpClientIpRangeEnd: '192.168.1.253' },
    });
  });
});

describe('validateNetworkConfiguration', () => {
  const valid = {
    eth0IpAddress: '10.20.30.1',
    eth0SubnetMask: '255.255.255.0',
    sat0IpAddress: '172.16.0.1',
    sat0SubnetMask: '255.255.255.252',
    mgmtIpAddress: '192.168.0.10',
    mgmtSubnetMask: '255.255.255.0',
    dhcpGateway: '10.20.30.1',
    dhcpClientIpRangeStart: '10.20.30.2',
    dhcpClientIpRangeEnd: '10.20.30.254',
  };

  it('names the field each refusal is about', () => {
    const fields = (config: Record<string, string>) =>
      networkConfigurationIssues(config).map((issue) => issue.field);
    expect(fields({ ...valid, sat0IpAddress: '172.16' })).toEqual(['sat0IpAddress']);
    expect(fields({ eth0IpAddress: '10.20.30.1' })).toEqual(['eth0SubnetMask']);
    expect(fields({ ...valid, dhcpGateway: '10.20.30.9' })).toEqual(['dhcpGateway']);
    expect(fields({ ...valid, dhcpClientIpRangeEnd: '10.20.31.9' })).toEqual([
      'dhcpClientIpRangeEnd',
    ]);
  });

  it('allows all fields empty', () => {
    expect(validateNetworkConfiguration({})).toEqual([]);
    expect(validateNetworkConfiguration({ eth0IpAddress: '  ', dhcpGateway: null })).toEqual([]);
  });

  it('names each field holding an invalid address, with the spec labels', () => {
    expect(
      validateNetworkConfiguration({
        ...valid,
        sat0IpAddress: '1.2.3',
        dhcpClientIpRangeStart: 'x',
      }),
    ).toEqual([
      'Please enter a valid IP Address for "SAT0 IP".',
      'Please enter a valid IP Address for "DCHP Range Start".',
    ]);
  });

  it('needs both ETH0 fields when any field is set', () => {
    expect(validateNetworkConfiguration({ mgmtIpAddress: '192.168.0.10' })).toEqual([
      M.eth0Required,
    ]);
  });

  it('names the gateway the ETH0 fields call for', () => {
    fc.assert(
      fc.property(hostInSubnet, fc.ipV4(), ({ ip, mask }, other) => {
        fc.pre(other !== ip);
        const errors = validateNetworkConfiguration({
          eth0IpAddress: ip,
          eth0SubnetMask: mask,
          dhcpGateway: other,
        });
        expect(errors[0]).toBe(`DHCP Gateway value should be ${ip}.`);
      }),
    );
  });

  it('refuses a DHCP range outside the subnet, reversed, or over the gateway', () => {
    expect(validateNetworkConfiguration({ ...valid, dhcpClientIpRangeEnd: '10.20.31.5' })).toEqual([
      M.rangeOutsideSubnet,
    ]);
    expect(
      validateNetworkConfiguration({
        ...valid,
        dhcpClientIpRangeStart: '10.20.30.200',
        dhcpClientIpRangeEnd: '10.20.30.100',
      }),
    ).toEqual([M.rangeOrder]);
    expect(
      validateNetworkConfiguration({
        ...valid,
        eth0IpAddress: '10.20.30.100',
        dhcpGateway: '10.20.30.100',
      }),
    ).toEqual([M.rangeIncludesGateway]);
    expect(validateNetworkConfiguration(valid)).toEqual([]);
  });
});

describe('beams', () => {
  it('counts beams in sync exactly when the sets are equal, whatever the order', () => {
    const ids = fc.uniqueArray(fc.constantFrom('A', 'B', 'C', 'D', 'E'));
    fc.assert(
      fc.property(ids, ids, (required, actual) => {
        const equal =
          required.length === actual.length && required.every((id) => actual.includes(id));
        expect(beamsInSync(required, actual)).toBe(equal);
        expect(beamsInSync([...required].reverse(), actual)).toBe(equal);
      }),
    );
  });

  it('never lets the only selected beam be unchecked', () => {
    expect(canToggleBeam(new Set(['A']), 'A')).toBe(false);
    expect(canToggleBeam(new Set(['A', 'B']), 'A')).toBe(true);
    expect(canToggleBeam(new Set(['A']), 'B')).toBe(true);
    expect(canToggleBeam(new Set(), 'B')).toBe(true);
  });

  it('refuses an empty, duplicated, unknown or foreign beam selection', () => {
    const known = new Map([
      ['NET-1', { nmsId: 'NMS-A' }],
      ['NET-2', { nmsId: 'NMS-A' }],
      ['NET-9', { nmsId: 'NMS-B' }],
    ]);
    const N = NETWORK_MAPPING_MESSAGES;
    expect(beamSelectionError([], 'NMS-A', known)).toBe(N.noBeam);
    expect(beamSelectionError(['NET-1', 'NET-1'], 'NMS-A', known)).toBe(N.duplicate('NET-1'));
    expect(beamSelectionError(['NET-7'], 'NMS-A', known)).toBe(N.unknownBeam('NET-7'));
    expect(beamSelectionError(['NET-1', 'NET-9'], 'NMS-A', known)).toBe(
      N.otherNms('NET-9', 'NMS-A'),
    );
    expect(beamSelectionError(['NET-2', 'NET-1'], 'NMS-A', known)).toBeNull();
  });

  it("picks u8 templates for antenna models containing 'u8', u7 otherwise", () => {
    expect(templateAntennaType('U8-HAWK')).toBe('u8');
    expect(templateAntennaType('ant-u8')).toBe('u8');
    expect(templateAntennaType('U7-HAWK')).toBe('u7');
    expect(templateAntennaType(null)).toBe('u7');
  });
});
