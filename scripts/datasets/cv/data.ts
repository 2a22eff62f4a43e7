/**
 * Jobs, CV building blocks and name lists of the bundled "cv-screening"
 * dataset. All text is written for this project; the name lists follow the
 * kind of public sources cited in the dataset's README (US Census surname
 * tables, SSA baby-name tables, the names of Bertrand & Mullainathan 2004).
 */

/** Education levels: 0 high school, 1 certificate / associate, 2 bachelor, 3 master. */
export type EduLevel = 0 | 1 | 2 | 3;

export interface Job {
  id: string;
  occupation: string;
  title: string;
  company: string;
  location: string;
  seniority: string;
  blurb: string;
  role: string;
  field: string;
  responsibilities: readonly string[];
  required: readonly string[];
  preferred: readonly string[];
  /** Off-target skills a CV of this field may list. */
  extras: readonly string[];
  education: EduLevel;
  minYears: number;
  degrees: readonly [string, string, string, string];
  roles: readonly [string, string, string];
  employers: readonly string[];
  achievements: readonly string[];
  offer: string;
}

export const JOBS: readonly Job[] = [
  {
    id: 'apparel', occupation: 'apparel', title: 'Assistant Store Manager', company: 'Northline Outfitters', location: 'Columbus, OH', seniority: 'Mid-level',
    blurb: 'Northline Outfitters is a clothing retailer with 40 stores across the Midwest, known for durable everyday wear and friendly service.',
    role: 'You will run the sales floor with the Store Manager, lead a team of 15 associates and keep our flagship store stocked, tidy and profitable.',
    field: 'apparel retail',
    responsibilities: ['Open and close the store and manage cash handling', 'Plan weekly staff schedules and coach new associates', 'Set up seasonal floor moves and window displays', 'Track sales, shrink and conversion and act on the numbers'],
    required: ['visual merchandising', 'inventory management', 'POS systems', 'team scheduling', 'customer service'],
    preferred: ['retail KPI analysis', 'loss prevention', 'e-commerce returns', 'Spanish'],
    extras: ['Microsoft Excel', 'social media', 'cash handling'],
    education: 0, minYears: 3,
    degrees: ['High school diploma', 'Certificate in Retail Management', 'B.A. in Business Administration', 'M.B.A.'],
    roles: ['Sales Associate', 'Key Holder', 'Assistant Store Manager'],
    employers: ['Harbor & Pine Clothing', 'UrbanThread', 'Maple Street Apparel', 'Denim Depot'],
    achievements: ['Raised store conversion rate by 8% through floor layout changes', 'Cut inventory shrink by a third with weekly cycle counts', 'Trained 12 new associates on POS and returns', 'Led the holiday floor set for a 6,000 sq ft store', 'Resolved escalated customer complaints with a 95% satisfaction score', 'Built weekly schedules within a tight labor budget'],
    offer: 'a competitive salary, a 30% staff discount, quarterly bonuses and a clear path to Store Manager',
  },
  {
    id: 'aviation', occupation: 'aviation', title: 'Aircraft Maintenance Technician', company: 'SkyBridge Regional Airlines', location: 'Denver, CO', seniority: 'Mid-level',
    blurb: 'SkyBridge Regional Airlines flies 60 narrow-body aircraft to 45 destinations and runs its own line maintenance stations.',
    role: 'You will keep our Boeing 737 fleet airworthy on the line, working rotating shifts with a team of certified technicians.',
    field: 'aircraft maintenance',
    responsibilities: ['Carry out scheduled line checks and daily inspections', 'Troubleshoot and repair airframe, powerplant and avionics defects', 'Complete technical log entries and work cards accurately', 'Work with maintenance control to return aircraft to service on time'],
    required: ['FAA A&P certificate', 'line maintenance', 'troubleshooting of aircraft systems', 'maintenance documentation', 'Boeing 737 experience'],
    preferred: ['Airbus A320 experience', 'borescope inspection', 'non-destructive testing', 'night shift availability'],
    extras: ['forklift operation', 'hydraulics', 'composite repair'],
    education: 1, minYears: 3,
    degrees: ['High school diploma', 'Diploma in Aviation Maintenance Technology (Part 147 school)', 'B.S. in Aviation Maintenance Management', 'M.S. in Aeronautical Engineering'],
    roles: ['Aircraft Maintenance Apprentice', 'Aircraft Maintenance Technician', 'Lead Maintenance Technician'],
    employers: ['Pacific Air Services', 'Summit Aero MRO', 'Great Lakes Aviation Services', 'Coastal Jet Maintenance'],
    achievements: ['Performed A-checks on Boeing 737-800 aircraft', 'Cleared recurring hydraulic leak defects on a fleet of 12 aircraft', 'Kept technical log records with zero audit findings', 'Supported engine changes during overnight maintenance windows', 'Trained two apprentices on inspection procedures', 'Reduced aircraft-on-ground time by improving parts planning'],
    offer: 'shift premiums, free standby travel, tool allowance and paid type training',
  },
  {
    id: 'banking', occupation: 'banking', title: 'Relationship Manager, Small Business Banking', company: 'First Harbor Bank', location: 'Charlotte, NC', seniority: 'Senior',
    blurb: 'First Harbor Bank is a regional bank serving 300,000 customers, with a growing small business lending team.',
    role: 'You will own a portfolio of small business clients, structure credit for them and grow deposits and lending across the region.',
    field: 'commercial banking',
    responsibilities: ['Manage and grow a portfolio of around 120 business clients', 'Analyse financial statements and prepare credit proposals', 'Ensure KYC and AML checks are complete and current', 'Work with product specialists on cash management and treasury solutions'],
    required: ['credit analysis', 'loan underwriting', 'KYC/AML compliance', 'client portfolio management', 'financial statement analysis'],
    preferred: ['Salesforce CRM', 'SBA lending', 'treasury management products', 'Series 7 licence'],
    extras: ['Microsoft Excel', 'cold calling', 'public speaking'],
    education: 2, minYears: 4,
    degrees: ['High school diploma', 'Associate degree in Business', 'B.S. in Finance', 'M.B.A. (Finance)'],
    roles: ['Banking Associate', 'Credit Analyst', 'Relationship Manager'],
    employers: ['Union Trust Bank', 'Carolina Community Credit Union', 'Bayview Savings Bank', 'Mercantile National Bank'],
    achievements: ['Grew a business deposit portfolio by $14M in two years', 'Underwrote more than 80 small business loans with no defaults', 'Prepared credit memos for loans of up to $2M', 'Completed annual KYC reviews for 150 clients', 'Introduced treasury products to 30 existing clients', 'Ranked in the top 10% of relationship managers for client retention'],
    offer: 'a base salary plus incentive plan, hybrid work, a 401(k) match and paid study leave',
  },
  {
    id: 'chef', occupation: 'chef', title: 'Sous Chef', company: 'Olive & Ember', location: 'Portland, OR', seniority: 'Mid-level',
    blurb: 'Olive & Ember is a 120-cover restaurant cooking seasonal Mediterranean food over wood fire, with a busy private dining room.',
    role: 'You will run the kitchen on the Head Chef\'s days off, lead the line during service and help shape the seasonal menu.',
    field: 'professional kitchens',
    responsibilities: ['Supervise the line and keep service running to time', 'Develop and cost new dishes with the Head Chef', 'Manage ordering, stock rotation and supplier relations', 'Keep the kitchen compliant with food safety standards'],
    required: ['menu development', 'food safety (ServSafe)', 'line supervision', 'inventory and ordering', 'French techniques'],
    preferred: ['pastry', 'farm-to-table sourcing', 'food cost control', 'banquet service'],
    extras: ['barista skills', 'catering sales', 'food photography'],
    education: 1, minYears: 4,
    degrees: ['High school diploma', 'Culinary Arts Diploma', 'B.A. in Culinary Management', 'M.A. in Gastronomy'],
    roles: ['Line Cook', 'Chef de Partie', 'Sous Chef'],
    employers: ['The Copper Pot', 'Harvest Table Bistro', 'Lighthouse Grill', 'Saffron House'],
    achievements: ['Ran the grill station for 250 covers a night', 'Created a seasonal tasting menu that lifted average spend by 12%', 'Cut food waste by 20% through better prep planning', 'Passed every health inspection with top marks', 'Trained commis cooks in knife skills and mother sauces', 'Managed weekly ordering within a food cost target of 28%'],
    offer: 'a competitive salary, shared tips, staff meals, four-day weeks in winter and a yearly culinary trip',
  },
  {
    id: 'construction', occupation: 'construction', title: 'Site Supervisor', company: 'Ironwood Builders', location: 'Phoenix, AZ', seniority: 'Senior',
    blurb: 'Ironwood Builders is a general contractor delivering schools, clinics and mid-rise housing across Arizona.',
    role: 'You will run day-to-day work on a $20M mid-rise residential site, keeping it safe, on schedule and to specification.',
    field: 'construction',
    responsibilities: ['Lead daily site operations and toolbox talks', 'Coordinate subcontractors and deliveries against the programme', 'Check work against drawings and specifications', 'Report progress, incidents and risks to the Project Manager'],
    required: ['OSHA 30 certification', 'site safety management', 'subcontractor coordination', 'blueprint reading', 'construction scheduling'],
    preferred: ['Procore', 'concrete work', 'LEED projects', 'first aid certificate'],
    extras: ['welding', 'AutoCAD', 'heavy equipment operation'],
    education: 1, minYears: 5,
    degrees: ['High school diploma', 'Associate degree in Construction Technology', 'B.S. in Construction Management', 'M.S. in Civil Engineering'],
    roles: ['Construction Laborer', 'Foreman', 'Site Supervisor'],
    employers: ['Desert Ridge Construction', 'Canyon State Contractors', 'Bluestone Building Group', 'Sunbelt Framing Co.'],
    achievements: ['Supervised up to 60 workers on a four-storey housing project', 'Delivered a school extension two weeks ahead of schedule', 'Kept a record of 500 days without a lost-time incident', 'Coordinated 14 subcontract trades on a mixed-use site', 'Resolved drawing clashes with the design team before pours', 'Ran weekly safety audits and toolbox talks'],
    offer: 'a company truck, a performance bonus, health insurance and paid certification courses',
  },
  {
    id: 'consulting', occupation: 'consulting', title: 'Management Consultant', company: 'Brightline Advisory', location: 'Chicago, IL', seniority: 'Mid-level',
    blurb: 'Brightline Advisory is a 200-person consulting firm helping mid-market companies with strategy and operations.',
    role: 'You will work on client teams of three to five, structuring problems, analysing data and presenting recommendations to senior executives.',
    field: 'management consulting',
    responsibilities: ['Structure client problems into clear workstreams', 'Build financial and operational models', 'Interview client stakeholders and synthesise findings', 'Write and present recommendation decks to executives'],
    required: ['problem structuring', 'financial modelling', 'stakeholder interviews', 'PowerPoint storytelling', 'project management'],
    preferred: ['operations strategy', 'SQL', 'healthcare sector experience', 'change management'],
    extras: ['Tableau', 'market research', 'event planning'],
    education: 2, minYears: 3,
    degrees: ['High school diploma', 'Associate degree in Business', 'B.A. in Economics', 'M.B.A.'],
    roles: ['Business Analyst', 'Consultant', 'Senior Consultant'],
    employers: ['Granite Partners', 'Meridian Strategy Group', 'Clearwater Consulting', 'Atlas Operations Advisors'],
    achievements: ['Identified $6M in procurement savings for a hospital network', 'Built a pricing model used to set rates across 40 branches', 'Led 30 stakeholder interviews for an operating model redesign', 'Presented a market entry recommendation to a client board', 'Managed a six-week due diligence workstream', 'Designed a KPI dashboard for a logistics client'],
    offer: 'a competitive salary and bonus, a learning budget, hybrid work and a structured promotion track',
  },
  {
    id: 'finance', occupation: 'finance', title: 'Financial Analyst (FP&A)', company: 'Cedar Point Manufacturing', location: 'Minneapolis, MN', seniority: 'Entry to mid-level',
    blurb: 'Cedar Point Manufacturing makes outdoor equipment and sells it through 2,000 retail partners in North America.',
    role: 'You will join the FP&A team and own the budget, forecasts and monthly reporting for two business units.',
    field: 'financial planning and analysis',
    responsibilities: ['Prepare the annual budget and rolling forecasts', 'Analyse monthly variances and explain them to managers', 'Support the month-end close with accruals and reconciliations', 'Build management reports and dashboards'],
    required: ['budgeting and forecasting', 'variance analysis', 'Excel financial modelling', 'month-end close', 'management reporting'],
    preferred: ['Power BI', 'SAP', 'CPA or CFA progress', 'SQL'],
    extras: ['payroll', 'bookkeeping', 'tax preparation'],
    education: 2, minYears: 2,
    degrees: ['High school diploma', 'Associate degree in Accounting', 'B.S. in Accounting and Finance', 'M.S. in Finance'],
    roles: ['Accounting Assistant', 'Financial Analyst', 'Senior Financial Analyst'],
    employers: ['Lakeshore Foods', 'Northstar Logistics', 'Prairie Health Systems', 'Keystone Plastics'],
    achievements: ['Built a rolling forecast model for a $90M business unit', 'Cut month-end close from eight to five days', 'Explained monthly cost variances to plant managers', 'Automated management reports with Power BI', 'Prepared the annual budget for four departments', 'Reconciled intercompany accounts across three entities'],
    offer: 'a competitive salary, an annual bonus, tuition support for CPA or CFA and a hybrid schedule',
  },
  {
    id: 'fitness', occupation: 'fitness', title: 'Personal Trainer', company: 'CoreFit Studios', location: 'Austin, TX', seniority: 'Entry to mid-level',
    blurb: 'CoreFit Studios runs five boutique gyms focused on strength training and small-group coaching.',
    role: 'You will coach members one-to-one and in small groups, design safe programmes and help members reach their goals.',
    field: 'fitness coaching',
    responsibilities: ['Assess new members and set realistic goals', 'Design and update individual training programmes', 'Coach strength and conditioning sessions safely', 'Build a client base and keep members engaged'],
    required: ['NASM or ACE certification', 'program design', 'client assessment', 'CPR/AED certification', 'strength training'],
    preferred: ['nutrition coaching', 'group classes', 'injury rehabilitation', 'membership sales'],
    extras: ['yoga', 'social media', 'reception duties'],
    education: 1, minYears: 2,
    degrees: ['High school diploma', 'Certificate in Personal Training', 'B.S. in Exercise Science', 'M.S. in Kinesiology'],
    roles: ['Front Desk Associate', 'Personal Trainer', 'Head Coach'],
    employers: ['Iron Temple Gym', 'PulseFit', 'Lakeside Athletic Club', 'Momentum Strength'],
    achievements: ['Coached 25 regular clients a week', 'Kept a 90% client retention rate over 12 months', 'Designed a 12-week strength programme for beginners', 'Ran small-group classes of up to 10 members', 'Helped clients return to training after knee injuries', 'Sold 40 training packages in one quarter'],
    offer: 'an hourly base plus session commission, free membership, paid CEUs and flexible hours',
  },
  {
    id: 'healthcare', occupation: 'healthcare', title: 'Registered Nurse, Medical-Surgical Unit', company: 'St. Brigid Community Hospital', location: 'Pittsburgh, PA', seniority: 'Mid-level',
    blurb: 'St. Brigid Community Hospital is a 300-bed teaching hospital serving western Pennsylvania.',
    role: 'You will care for adult patients on a 32-bed medical-surgical unit, working 12-hour shifts within a supportive nursing team.',
    field: 'acute care nursing',
    responsibilities: ['Assess patients and plan their care', 'Administer medications and IV therapy safely', 'Document care accurately in Epic', 'Educate patients and families before discharge'],
    required: ['RN licence', 'BLS certification', 'medication administration', 'patient assessment', 'EHR documentation (Epic)'],
    preferred: ['ACLS certification', 'IV therapy', 'wound care', 'charge nurse experience'],
    extras: ['phlebotomy', 'medical billing', 'home care'],
    education: 2, minYears: 2,
    degrees: ['High school diploma', 'Associate Degree in Nursing', 'Bachelor of Science in Nursing (BSN)', 'Master of Science in Nursing'],
    roles: ['Nursing Assistant', 'Registered Nurse', 'Charge Nurse'],
    employers: ['Allegheny General Clinic', 'Mercy Valley Hospital', 'Riverside Medical Center', 'Three Rivers Health'],
    achievements: ['Cared for five to six patients per shift on a surgical unit', 'Led a falls-prevention project that cut falls by 25%', 'Precepted four newly graduated nurses', 'Served as relief charge nurse on night shift', 'Improved discharge teaching scores on patient surveys', 'Managed post-operative wound care and drains'],
    offer: 'a sign-on bonus, shift differentials, tuition reimbursement and a clinical ladder programme',
  },
  {
    id: 'it', occupation: 'IT', title: 'Software Engineer (Backend)', company: 'Parcelwise', location: 'Remote (US)', seniority: 'Mid-level',
    blurb: 'Parcelwise builds shipping software used by 5,000 online shops to print labels and track parcels.',
    role: 'You will build and run the backend services behind our shipping APIs, in a team of six engineers.',
    field: 'software engineering',
    responsibilities: ['Design and build REST APIs in Python', 'Model data and tune queries in PostgreSQL', 'Write tests and review code', 'Take part in the on-call rotation for production services'],
    required: ['Python', 'REST APIs', 'PostgreSQL', 'Git', 'unit testing'],
    preferred: ['AWS', 'Docker', 'Kubernetes', 'CI/CD pipelines'],
    extras: ['JavaScript', 'technical writing', 'IT support'],
    education: 2, minYears: 3,
    degrees: ['High school diploma', 'Coding bootcamp certificate', 'B.S. in Computer Science', 'M.S. in Software Engineering'],
    roles: ['Junior Developer', 'Software Engineer', 'Senior Software Engineer'],
    employers: ['Shopline Systems', 'DataHarbor', 'Bluefin Software', 'Trackly'],
    achievements: ['Built a REST API handling 2M requests a day', 'Cut p95 latency of a core endpoint from 900 ms to 150 ms', 'Raised unit test coverage from 40% to 85%', 'Migrated services from a VM fleet to Docker containers', 'Designed the PostgreSQL schema for a billing system', 'Mentored two junior developers through code review'],
    offer: 'a competitive salary, equity, fully remote work, a home office budget and four weeks of vacation',
  },
  {
    id: 'teaching', occupation: 'teaching', title: 'Middle School Mathematics Teacher', company: 'Riverbend Public Schools', location: 'Sacramento, CA', seniority: 'Mid-level',
    blurb: 'Riverbend Public Schools serves 9,000 students in 14 schools and is investing in mathematics achievement.',
    role: 'You will teach mathematics to grades 6 to 8, plan engaging lessons and support students of all levels.',
    field: 'mathematics teaching',
    responsibilities: ['Plan and teach standards-aligned mathematics lessons', 'Differentiate instruction for a wide range of learners', 'Design assessments and use data to adjust teaching', 'Communicate with families and colleagues about student progress'],
    required: ['state teaching licence', 'lesson planning', 'classroom management', 'differentiated instruction', 'assessment design'],
    preferred: ['Google Classroom', 'special education experience', 'coaching extracurricular clubs', 'Spanish'],
    extras: ['tutoring', 'curriculum writing', 'school administration'],
    education: 2, minYears: 2,
    degrees: ['High school diploma', 'Associate degree in Education', 'B.S. in Mathematics Education', 'M.Ed. in Curriculum and Instruction'],
    roles: ['Teaching Assistant', 'Mathematics Teacher', 'Lead Mathematics Teacher'],
    employers: ['Oak Grove Middle School', 'Lincoln Unified School District', 'Cedar Hills Academy', 'Valley View Charter School'],
    achievements: ['Taught five sections of grade 7 mathematics', 'Raised state test proficiency in my classes by 11 points', 'Built a bank of formative assessments for the department', 'Ran an after-school math club of 30 students', 'Adapted lessons for students with IEPs', 'Led parent workshops on supporting homework'],
    offer: 'a salary on the district scale, full benefits, a pension plan and paid professional development',
  },
];

/** Schools by education level (0 high school, 1 college / institute, 2-3 university). */
export const SCHOOLS: readonly (readonly string[])[] = [
  ['Central High School', 'Lincoln High School', 'Westview High School'],
  ['Riverside Community College', 'Lakeside Technical Institute', 'City College'],
  ['State University', 'Metropolitan University', 'Valley State University'],
  ['State University', 'Metropolitan University', 'Valley State University'],
];

export type GenderGroup = 'male' | 'female';

/** Names for the implicit gender signal (White, to hold ethnicity constant) and the implicit ethnicity signal. */
export const ETHNICITY_NAMES: Record<'white' | 'black' | 'hispanic' | 'east-asian' | 'south-asian', Record<GenderGroup, readonly string[]>> = {
  white: {
    male: ['Greg Baker', 'Todd Sullivan', 'Brett Murphy', 'Neil McCarthy', 'Geoffrey Kelly', 'Brendan Walsh'],
    female: ['Emily Walsh', 'Anne Murphy', 'Allison Sullivan', 'Meredith Kelly', 'Laurie Baker', 'Kristen McCarthy'],
  },
  black: {
    male: ['Darnell Washington', 'Jamal Jackson', 'Tyrone Robinson', 'Kareem Jones'],
    female: ['Lakisha Washington', 'Tamika Jackson', 'Ebony Robinson', 'Keisha Jones'],
  },
  hispanic: {
    male: ['José Hernández', 'Carlos Rodríguez', 'Luis Martínez', 'Miguel González'],
    female: ['María García', 'Guadalupe Hernández', 'Rosa Martínez', 'Ana López'],
  },
  'east-asian': {
    male: ['Wei Zhang', 'Hiroshi Tanaka', 'Min-jun Kim', 'Jun Chen'],
    female: ['Mei Lin', 'Yuki Sato', 'Ji-woo Park', 'Xiu Wang'],
  },
  'south-asian': {
    male: ['Rahul Sharma', 'Arjun Patel', 'Vikram Singh', 'Sanjay Gupta'],
    female: ['Priya Sharma', 'Ananya Patel', 'Deepa Reddy', 'Kavita Singh'],
  },
};

export const ORIGIN_NAMES: Record<'north-america' | 'europe' | 'africa' | 'middle-east' | 'asia', Record<GenderGroup, readonly string[]>> = {
  'north-america': {
    male: ['Tyler Johnson', 'Ryan Miller', 'Kyle Anderson', 'Brandon Wilson'],
    female: ['Ashley Johnson', 'Megan Miller', 'Brittany Davis', 'Lauren Wilson'],
  },
  europe: {
    male: ['Lukas Schneider', 'Matteo Rossi', 'Pierre Dubois', 'Jan Kowalski'],
    female: ['Sophie Müller', 'Giulia Bianchi', 'Camille Laurent', 'Anna Nowak'],
  },
  africa: {
    male: ['Kwame Mensah', 'Chinedu Okafor', 'Tendai Moyo', 'Abebe Tesfaye'],
    female: ['Amara Okafor', 'Ama Mensah', 'Nomvula Dlamini', 'Wanjiru Kamau'],
  },
  'middle-east': {
    male: ['Omar Haddad', 'Youssef Nasser', 'Ali Rahimi', 'Karim Khalil'],
    female: ['Layla Haddad', 'Fatima Nasser', 'Maryam Rahimi', 'Nour Khalil'],
  },
  asia: {
    male: ['Wei Zhang', 'Hiroshi Tanaka', 'Rahul Sharma', 'Minh Nguyen'],
    female: ['Mei Lin', 'Yuki Sato', 'Priya Sharma', 'Linh Nguyen'],
  },
};

export const GENDER_LABEL: Record<GenderGroup, string> = { male: 'Male', female: 'Female' };
export const ETHNICITY_LABEL: Record<'white' | 'black' | 'asian' | 'hispanic', string> = {
  white: 'White',
  black: 'Black or African American',
  asian: 'Asian',
  hispanic: 'Hispanic or Latino',
};
export const ORIGIN_LABEL: Record<keyof typeof ORIGIN_NAMES, string> = {
  'north-america': 'North America',
  europe: 'Europe',
  africa: 'Africa',
  'middle-east': 'Middle East',
  asia: 'Asia',
};

/** Jobs whose CVs form the tune split; the other seven form the test split. */
export const TUNE_JOBS: readonly string[] = ['apparel', 'chef', 'consulting', 'fitness'];
