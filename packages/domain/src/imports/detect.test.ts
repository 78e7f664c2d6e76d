import { describe, expect, it } from 'vitest';
import { detectFormat } from './detect';

describe('detectFormat', () => {
  it('knows the industry formats by their header record or root element', () => {
    expect(
      detectFormat('\uFEFF100,NEM12,202510010600,MDP1,RET1\r\n200,4102000001,E1,1,E1,N1,M1,kWh,30,\r\n'),
    ).toBe('nem12');
    expect(detectFormat('200,4102000001,E1,1,E1,N1,M1,kWh,30,\n300,20250101,1,2,3\n')).toBe('nem12');
    expect(detectFormat('100,NEM13,202510010600,MDP1,RET1\n')).toBe('nem12');
    expect(detectFormat('HDR,ICPHH,10.0,MEPX,,VRDT,01/10/2025,09:00:00,F1,2,202509,E,I\nDET,1')).toBe(
      'eiep3',
    );
    expect(detectFormat('HDR,ICPCONS,1.4,RETL,,CUST,01/10/2025,09:00:00,R1,2\n')).toBe('eiep13a');
    expect(
      detectFormat('HDR,XYZ,1\nDET,ICP,000,,1,S1,X,UN,24,01/07/2025 00:00:01,01/07/2025 00:30:00,RD,1,0\n'),
    ).toBe('eiep13a');
    expect(detectFormat('HDR,XYZ,1\nDET,ICP,1,F,01/07/2025,1,1.5,,,X,\n')).toBe('eiep3');
    expect(
      detectFormat(
        '<?xml version="1.0"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><entry><content><UsagePoint xmlns="http://naesb.org/espi">',
      ),
    ).toBe('green-button');
    expect(detectFormat('<?xml version="1.0"?><html><body>hello</body></html>')).toBeNull();
  });

  it('tells the CSV layouts apart by their columns', () => {
    expect(detectFormat('Meter,Timestamp,kWh\nICP1,2025-07-01 00:00,1.5\n')).toBe('csv-readings');
    expect(detectFormat('meter,date,period,value\n')).toBe('csv-readings');
    expect(detectFormat('Meter,Invoice Number,From,Till,Consumption,Cost\n')).toBe('csv-invoices');
    expect(detectFormat('Meter,Date From,Date Till,Units\n')).toBe('csv-consumption');
    expect(
      detectFormat(
        'Portfolio Manager ID,Meter ID,Start Date,End Date,Delivery Date,Usage/Quantity,Usage Units,Cost ($),Estimation?,Demand (kW)\n',
      ),
    ).toBe('portfolio-manager');
  });

  it('answers null for what it cannot read', () => {
    expect(detectFormat('')).toBeNull();
    expect(detectFormat('\n\n  \n')).toBeNull();
    expect(detectFormat('%PDF-1.4\u0000\u0001binary')).toBeNull();
    expect(detectFormat('just one column\nof text\n')).toBeNull();
    expect(detectFormat('meter;date;period;value\n')).toBeNull(); // the CSV imports read commas
  });
});
